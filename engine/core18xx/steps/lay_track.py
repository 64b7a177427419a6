"""Lay track (operating turn, first): ``lay_tile`` {hex, tile, rotation}, one lay a turn; a
private's lay names its ``company`` (the title hooks ``special_lay``/``special_lay_legal``)
and may come at any time of the turn."""
from __future__ import annotations

from engine.core18xx.rounds.operating import TRACK
from engine.core18xx.steps.operating_step import OperatingStep
from engine.errors import GameError


class LayTrack(OperatingStep):
    ACTIONS = ("lay_tile",)

    def process_lay_tile(self, g, action):
        rnd = self.round
        corp = rnd.corp
        company = action.get("company")
        if company:
            g.special_lay(rnd, corp, company, action)
            return
        if rnd.stage > TRACK or rnd.laid:
            raise GameError("track_done", f"{corp} has laid its tile this turn "
                            "(or moved on past track).", corporation=corp)
        g.lay_tile(corp, action["hex"] if "hex" in action else None, action.get("tile"),
                   action.get("rotation"))
        rnd.laid = True

    def legal(self, g):
        rnd = self.round
        corp = rnd.corp
        out = []
        if rnd.stage == TRACK and not rnd.laid:
            lay = g.lay_tile_template(corp)
            if lay:
                out.append(lay)
        out.extend(g.special_lay_legal(rnd, corp))
        return out
