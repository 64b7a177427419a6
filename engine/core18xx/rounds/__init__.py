"""The rounds of an 18xx game: ``auction`` (1830-style waterfall auction of
the privates), ``stock`` (sell then buy), ``operating`` (one company's turn
after another, in sets). Each round object holds only its own bookkeeping;
the game state lives in :class:`engine.core18xx.game.Core18xx`, which every
method receives as ``g``. A round offers ``apply(g, action)``,
``legal(g)``, ``acting(g)``, ``view(g)`` and ``finished``.
"""
