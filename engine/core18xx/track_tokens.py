"""Track and station tokens on the book: tile lays with terrain costs, token costs, the
home token when a company first operates. Mixed into ``Core18xx``."""
from __future__ import annotations

from engine.core18xx.bank import BANK
from engine.errors import GameError


class TrackMixin:
    def lay_tile(self, corp: str, hex_id, tile, rotation, *, special: bool = False,
                 free: bool = False) -> None:
        self.check_hex_open(corp, hex_id, tile)
        cost = self.board.check_lay(self.HEXES, self.TILES, hex_id, tile, rotation,
                                    self.phase_colors(),
                                    special=special)
        if free:
            cost = 0
        if cost > self.ledger.of(corp):
            raise GameError("cannot_afford_terrain",
                            f"{corp} has {self.money(self.ledger.of(corp))} and "
                            f"cannot pay {self.money(cost)} terrain on {hex_id}.", cost=cost)
        self.ledger.pay(corp, BANK, cost)
        old = self.board.lay(hex_id, tile, rotation)
        self.emit("tile_laid", f"{corp} lays tile #{tile} on {hex_id} (rotation {rotation})"
                  + (f" for {self.money(cost)}" if cost else "") + ".",
                  f"Lay tile #{tile} on {hex_id}"
                  + (f" and return #{old} to the supply" if old else "")
                  + ".", corporation=corp, hex=hex_id, tile=tile, rotation=rotation, cost=cost)

    def tiles_available(self) -> dict[str, int]:
        """Tiles of this phase's colours still in the supply: name -> how many."""
        colors = set(self.phase_colors())
        return {name: n for name, n in self.board.supply.items()
                if n > 0 and self.TILES[name]["color"] in colors
                and not self.TILES[name].get("special_only")}

    def next_token_price(self, corp: str) -> int | None:
        tokens = self.corp_spec[corp]["tokens"]
        used = self.corps[corp]["tokens_used"]
        return tokens[used] if used < len(tokens) else None

    def place_token(self, corp: str, hex_id, city) -> None:
        price = self.next_token_price(corp)
        if price is None:
            raise GameError("no_tokens", f"{corp} has no station tokens left.", corporation=corp)
        if hex_id not in self.HEXES:
            raise GameError("unknown_hex", f"There is no hex {hex_id!r} on this map.", hex=hex_id)
        if not isinstance(city, int) or isinstance(city, bool) or city < 0:
            raise GameError("bad_city", "The city on the hex is a number (0 for the first).")
        if (corp, city) in self.board.tokens.get(hex_id, []):
            raise GameError("token_there", f"{corp} already has a token there.", hex=hex_id)
        if price > self.ledger.of(corp):
            raise GameError("cannot_afford_token",
                            f"{corp} has {self.money(self.ledger.of(corp))} and "
                            f"cannot pay {self.money(price)} for a token.", price=price)
        self.ledger.pay(corp, BANK, price)
        self.corps[corp]["tokens_used"] += 1
        self.corps[corp]["tokens"].append((hex_id, city))
        self.board.tokens.setdefault(hex_id, []).append((corp, city))
        self.emit("token_placed",
                  f"{corp} places a station token on {hex_id} for {self.money(price)}.",
                  f"Put a {corp} token on {hex_id}.", corporation=corp, hex=hex_id, price=price)

    def start_operating(self, corp: str) -> None:
        c = self.corps[corp]
        if c["tokens_used"] == 0:
            home = self.corp_spec[corp]["home"]
            c["tokens_used"] = 1
            c["tokens"].append((home, self.corp_spec[corp].get("city", 0)))
            city = self.corp_spec[corp].get("city", 0)
            self.board.tokens.setdefault(home, []).append((corp, city))
            self.emit("home_token", f"{corp} places its home token on {home}.",
                      f"Put {corp}'s home token on {home}.", corporation=corp, hex=home)
        self.emit("operates", f"{corp} operates ({self.pname(self.shares.president[corp])}).",
                  corporation=corp)

    def end_operating(self, corp: str) -> None:
        self.corps[corp]["operated"] = True
