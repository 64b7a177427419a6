"""The one error type the engine raises for a step it will not take."""


class GameError(Exception):
    """A rejected action or request.

    ``code`` is stable (phones translate messages from it and ``params``);
    ``message`` is readable English for logs, the CLI and tests.
    The game is always left exactly as it was before the rejected action.
    """

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "params": self.params}

    def __repr__(self) -> str:
        return f"GameError({self.code!r}, {self.message!r})"
