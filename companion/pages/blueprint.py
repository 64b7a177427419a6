"""The pages' blueprint; each module of ``companion/pages/`` adds its routes to it."""
from flask import Blueprint

bp = Blueprint("pages", __name__)
