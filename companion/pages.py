"""Server-rendered pages (they work without JavaScript)."""
from flask import Blueprint, render_template

from engine import titles

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    return render_template("index.html", titles=list(titles.TITLES.values()))
