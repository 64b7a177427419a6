"""Readers of game records exported by other sites, turned into our own actions."""
