"""Track and station tokens on the book: tile lays with terrain costs, token costs, the
home token when a company first operates. Mixed into ``Core18xx``."""
from __future__ import annotations

from engine import contract as C
from engine.core18xx.entries import entry, word
from engine.core18xx.bank import BANK
from engine.core18xx.board import PHASE_COLORS, Map, turned
from engine.core18xx.board_picture import rotation_pictures
from engine.core18xx.routes import RouteFinder
from engine.core18xx.tiles import COLOR_ORDER
from engine.errors import GameError


def hex_sort_key(name: str):
    letters = "".join(ch for ch in name if ch.isalpha())
    digits = "".join(ch for ch in name if ch.isdigit())
    return (letters, int(digits) if digits else 0, name)


def tile_sort_key(name: str):
    digits = "".join(ch for ch in name if ch.isdigit())
    return (not name.isdigit(), int(digits) if digits else 0, name)


class TrackMixin:
    # A title that declares its map (``engine.core18xx.board``) has lays and stations checked
    # on the board and routes found; without one, hexes are typed and revenue entered.
    MAP: dict | None = None

    def track_map(self) -> Map | None:
        if not self.MAP:
            return None
        return Map(self.MAP, self.HEXES, self.TILES, self.board.laid, self.board.tokens)

    # -- routes (only with a map) ------------------------------------------------------------
    def route_rules(self, corp: str) -> dict:
        """A title's route extras for ``RouteFinder``: home, destination (hex, bonus),
        subsidy (hex, amount). None in the core."""
        return {}

    def route_finder(self, corp: str) -> RouteFinder | None:
        board = self.track_map()
        if not board:
            return None
        colors = [c for c in self.phase_colors() if c in PHASE_COLORS]
        return RouteFinder(board, corp, colors[-1] if colors else PHASE_COLORS[0],
                           **self.route_rules(corp))

    def train_distance(self, train: str) -> int:
        return self.depot.specs[self.depot.kind(train)]["distance"]

    def best_run(self, corp: str, finder: RouteFinder | None = None,
                 mine: list | None = None) -> tuple[int, dict] | None:
        """The most the company's trains can earn now and the route of each train that runs
        (train -> ``routes.Route``); None without a map. ``finder``: one already made for the
        company now; ``mine``: per train, whether its route stops where the subsidy is paid
        (``RouteFinder.best``)."""
        finder = finder or self.route_finder(corp)
        if finder is None:
            return None
        trains = list(self.corps[corp]["trains"])
        total, picks = finder.best([self.train_distance(t) for t in trains], mine)
        return total, {t: r for t, r in zip(trains, picks) if r is not None}

    def lay_tile(self, corp: str, hex_id, tile, rotation, *, special: bool = False,
                 free: bool = False, connect: bool = True, own_track: bool = False) -> None:
        """``connect`` off: a private's lay that need not touch the company's track;
        ``own_track``: a private's own tile that opens its sea or offboard sides."""
        self.check_hex_open(corp, hex_id, tile)
        cost = self.board.check_lay(self.HEXES, self.TILES, hex_id, tile, rotation,
                                    self.phase_colors(),
                                    special=special)
        board = self.track_map()
        moved = None
        if board:
            board.check_lay(corp, hex_id, tile, rotation, connect=connect, own_track=own_track)
            moved = board.moved_tokens(hex_id, tile, rotation)
        if free:
            cost = 0
        if cost > self.ledger.of(corp):
            raise GameError("cannot_afford_terrain",
                            f"{corp} has {self.money(self.ledger.of(corp))} and "
                            f"cannot pay {self.money(cost)} terrain on {hex_id}.", cost=cost)
        self.ledger.pay(corp, BANK, cost)
        old = self.board.lay(hex_id, tile, rotation)
        if moved is not None and moved != self.board.tokens.get(hex_id, []):
            self._move_tokens(hex_id, moved)
        self.emit("tile_laid", f"{corp} lays tile #{tile} on {hex_id} ({turned(rotation)})"
                  + (f" for {self.money(cost)}" if cost else "") + ".",
                  f"Lay tile #{tile} on {hex_id}"
                  + (f" and return #{old} to the supply" if old else "")
                  + ".", corporation=corp, hex=hex_id, tile=tile, rotation=rotation, cost=cost,
                  old_tile=old)

    def _move_tokens(self, hex_id: str, moved: list[tuple[str, int]]) -> None:
        """An upgrade carries the hex's stations to the new tile's cities (board order)."""
        old = self.board.tokens.get(hex_id, [])
        for (corp, before), (_, after) in zip(old, moved):
            toks = self.corps[corp]["tokens"]
            if (hex_id, before) in toks:
                toks[toks.index((hex_id, before))] = (hex_id, after)
        self.board.tokens[hex_id] = list(moved)

    def tiles_available(self) -> dict[str, int]:
        """Tiles of this phase's colours still in the supply: name -> how many."""
        colors = set(self.phase_colors())
        return {name: n for name, n in self.board.supply.items()
                if n > 0 and self.TILES[name]["color"] in colors
                and not self.TILES[name].get("special_only")}

    # -- phone forms -------------------------------------------------------------------------
    def _tiles_by_fit(self) -> dict:
        """(colour, feature, label) -> tile names of the manifest, built once per title."""
        cls = type(self)
        cache = cls.__dict__.get("_TILE_FIT")
        if cache is None:
            cache = {}
            for name in sorted(self.TILES, key=tile_sort_key):
                t = self.TILES[name]
                if t.get("special_only"):
                    continue
                key = (t["color"], t.get("feature", "plain"), t.get("label"))
                cache.setdefault(key, []).append(name)
            cls._TILE_FIT = cache
        return cache

    def lay_choices(self, corp: str) -> dict[str, list[str]]:
        """Hex -> the tiles of the supply that may go there now (colour order, this phase's
        colours, feature and label, terrain cost within the treasury, hexes open to ``corp``).
        With a map, only tiles with a rotation the board allows (``lay_rotations``)."""
        colors = set(self.phase_colors())
        cash = self.ledger.of(corp)
        fit = self._tiles_by_fit()
        supply = self.board.supply
        board = self.track_map()
        # with a map, a lay elsewhere than the hexes the company reaches cannot connect: those
        # are left out first (most of the map; the checks below only refuse, in any order)
        near = board.reached_hexes(corp) if board else None
        out = {}
        for hex_id, hx in self.HEXES.items():
            if near is not None and hex_id not in near:
                continue
            now = self.board.current_color(self.HEXES, self.TILES, hex_id)
            if now not in COLOR_ORDER or now == COLOR_ORDER[-1]:
                continue
            nxt = COLOR_ORDER[COLOR_ORDER.index(now) + 1]
            if nxt not in colors:
                continue
            if hex_id not in self.board.laid and hx.get("cost", 0) > cash:
                continue
            tiles = [t for t in fit.get((nxt, hx.get("feature", "plain"), hx.get("label")), ())
                     if supply.get(t, 0) > 0]
            if not tiles:
                continue
            try:
                self.check_hex_open(corp, hex_id, tiles[0])
            except GameError:
                continue
            out[hex_id] = tiles
        if board:
            rotations = {}
            for hex_id, tiles in list(out.items()):
                fits = {t: board.lay_rotations(corp, hex_id, t) for t in tiles}
                fits = {t: r for t, r in fits.items() if r}
                if fits:
                    out[hex_id] = [t for t in tiles if t in fits]
                    rotations[hex_id] = fits
                else:
                    del out[hex_id]
            self._lay_rotations = rotations
        return out

    def lay_tile_template(self, corp: str) -> dict | None:
        by_hex = self.lay_choices(corp)
        if not by_hex:
            return None
        tiles = sorted({t for ts in by_hex.values() for t in ts}, key=tile_sort_key)
        left = self.tiles_available()
        show = [{"label": C.msg("field.colors", "Colours now"),
                 "value": C.value("list", [C.text(word(c)) for c in self.phase_colors()])}]
        show.append({"label": C.msg("field.tiles", "Tiles left"),
                     "value": C.value("list", [C.text(f"{t} ×{n}") for t, n in left.items()])})
        return entry("lay_tile", corp, label=C.msg("act.lay_tile", "Lay or upgrade a tile"),
                     show=show, params={
                         "hex": C.choice("hex", sorted(by_hex, key=hex_sort_key)),
                         "tile": C.choice("tile", tiles, choices_by={
                             "field": "hex", "map": {h: list(ts) for h, ts in by_hex.items()}}),
                         "rotation": self._rotation_param(by_hex)})

    def _rotation_param(self, by_hex: dict) -> dict:
        """Rotations 0-5; with a map, only those some tile allows on the hex, per hex."""
        if not self.MAP:
            return C.choice("rotation", [0, 1, 2, 3, 4, 5], default=0)
        fits = getattr(self, "_lay_rotations", {})
        per_tile = {f"{h},{t}": rs for h in by_hex for t, rs in fits.get(h, {}).items()}
        choices = sorted({r for rs in per_tile.values() for r in rs})
        return C.choice("rotation", choices, default=choices[0] if choices else None,
                        choices_by={"field": "hex,tile", "map": per_tile},
                        pictures=self.rotation_pictures(per_tile))

    def rotation_pictures(self, per_tile: dict) -> dict:
        """Each offered rotation of each tile drawn (the rotation param's ``pictures``)."""
        colors = {t: self.TILES[t]["color"] for t in {k.split(",", 1)[1] for k in per_tile}}
        return rotation_pictures(self.track_map(), colors, per_tile)

    CITY_SLOTS = {"city": 1, "OO": 2, "B": 2}   # feature -> cities on the hex (0, 1, ...)

    def token_choices(self, corp: str) -> dict[str, list[int]]:
        """Hex -> cities where ``corp`` may put a station token (one per hex per company;
        with a map, a city its track reaches with a free slot)."""
        board = self.track_map()
        if board:
            return board.token_options(corp)
        out = {}
        for hex_id, hx in self.HEXES.items():
            n = self.CITY_SLOTS.get(hx.get("feature"))
            if not n or any(c == corp for c, _ in self.board.tokens.get(hex_id, [])):
                continue
            out[hex_id] = list(range(n))
        return out

    def token_template(self, corp: str) -> dict | None:
        by_hex = self.token_choices(corp)
        if not by_hex:
            return None
        cities = sorted({c for v in by_hex.values() for c in v})
        price = self.next_token_price(corp)
        return entry("place_token", corp, price=price,
                     label=C.msg("act.place_token", f"Place a station ({self.money(price)})",
                                 price=C.money(price)) if price is not None else
                     C.msg("act.place_token.plain", "Place a station"),
                     params={"hex": C.choice("hex", sorted(by_hex, key=hex_sort_key)),
                           "city": C.choice("count", cities, default=cities[0], choices_by={
                                                "field": "hex",
                                                "map": {h: list(v) for h, v in by_hex.items()}})})

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
        board = self.track_map()
        if board:
            board.check_token(corp, hex_id, city)
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
                  f"Put a {corp} token on {hex_id}.", corporation=corp, hex=hex_id, price=price,
                  city=city)

    def start_operating(self, corp: str) -> None:
        c = self.corps[corp]
        if c["tokens_used"] == 0:
            home = self.corp_spec[corp]["home"]
            c["tokens_used"] = 1
            city = self.corp_spec[corp].get("city", 0)
            board = self.track_map()
            if board:
                city = board.home_city(home, city)
            c["tokens"].append((home, city))
            self.board.tokens.setdefault(home, []).append((corp, city))
            self.emit("home_token", f"{corp} places its home token on {home}.",
                      f"Put {corp}'s home token on {home}.", corporation=corp, hex=home, city=city)
        self.emit("operates", f"{corp} operates ({self.pname(self.shares.president[corp])}).",
                  corporation=corp, president=self.shares.president[corp])

    def end_operating(self, corp: str) -> None:
        self.corps[corp]["operated"] = True
