"""Entry point for gunicorn (`app:app`) and `flask run`."""
from companion import create_app

app = create_app()
