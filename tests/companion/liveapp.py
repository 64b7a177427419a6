"""The app as gunicorn serves it, plus the test-only title double: `tests.companion.liveapp:app`."""
from tests.companion.doubles import register

register()

from companion import create_app  # noqa: E402

app = create_app()
