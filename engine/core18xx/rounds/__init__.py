"""The rounds of an 18xx game: ``auction``, ``stock``, ``operating``; each is an ordered
list of steps (``engine.core18xx.steps``) and the state its steps share (``base.Round``: how
an action finds its step, what is legal, who acts). The game state lives in
:class:`engine.core18xx.game.Core18xx`, which every method receives as ``g``. A round offers
``apply(g, action)``, ``legal(g)``, ``acting(g)``, ``view(g)`` and ``finished``.
"""
