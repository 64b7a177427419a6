"""Operating rounds (RB §9): home station, track points, stations, revenue with the
express rule, dividends, train purchases, forced purchase and bankruptcy."""
from __future__ import annotations

from engine.titles.title_18korea import data as D
from engine.titles.title_18korea.base import as_int, err

STEPS = ["home", "track", "station", "run", "dividend", "trains"]


def express_total(trains: list[str], revenues: list[int]) -> tuple[int, str]:
    """RB §9.5: with two or more E trains, they all earn the lowest E train's revenue."""
    plain = [r for t, r in zip(trains, revenues) if t not in D.EXPRESS]
    express = [r for t, r in zip(trains, revenues) if t in D.EXPRESS]
    if len(express) >= 2:
        low = min(express)
        return sum(plain) + low * len(express), f"express rule: {len(express)} × {low}"
    return sum(plain) + sum(express), ""


class OperatingMixin:
    # ---------------------------------------------------------------- flow
    def start_operating_set(self, out):
        self.set_no += 1
        if self.eight_e_set is not None and self.last_sr:
            self.final_set = True
            self.ev(out, "final_set", "Final set of operating rounds: no track, no stations, no trades "
                    "between companies; trains only from the market.")
        self.or_no = 0
        self.start_or(out)

    def start_or(self, out):
        self.round = "operating"
        self.or_no += 1
        self.or_total += 1
        self.ors = {"done": [], "turn": None}
        self.ev(out, "operating_round", f"Operating round {self.set_no}.{self.or_no} begins.",
                "Move the round token to OR " + str(self.or_no) + ".", set=self.set_no, round=self.or_no)
        self.next_company(out)

    def operating_order(self) -> list[str]:
        todo = [c.sym for c in self.live_companies() if c.sym not in self.ors["done"]]
        return sorted(todo, key=self.operating_key)

    def next_company(self, out):
        if self.finished:
            return
        order = self.operating_order()
        if not order:
            return self.end_or(out)
        sym = order[0]
        comp = self.companies[sym]
        self.ors["turn"] = {"company": sym, "step": "track", "tp": 3, "built": [], "station": False,
                            "revenue": None}
        turn = self.ors["turn"]
        self.ev(out, "company_turn", f"{sym} operates (director {self.pname(comp.director)}).",
                company=sym, director=comp.director)
        if self.final_set:
            turn["step"] = "run"
            turn["tp"] = 0
        if not comp.home_placed:
            self.place_home(comp, out)

    def current_company(self):
        turn = self.ors.get("turn") if self.round == "operating" else None
        return self.companies[turn["company"]] if turn else None

    def end_or(self, out):
        self.flipped.clear()
        self.ev(out, "operating_round_over", f"Operating round {self.set_no}.{self.or_no} is over.",
                "Turn all tokens on the stock track face up.")
        if self.or_total == 1 and self.depot["2"] is None:
            self.depot["2"] = 0
            self.ev(out, "twos_removed", "End of the first operating round: the 2-trains leave the train "
                    "market; 3-trains are on sale now.", "Remove the 2-trains from the train market.")
            self.update_era(out)
        if self.war == "revealed":
            self.resolve_war(out)
        if self.end_after_or:
            return self.finish(self.end_after_or, out)
        if self.or_no < 2:
            return self.start_or(out)
        if self.final_set:
            return self.finish("8E_final_set", out)
        self.export(out)
        if self.war == "revealed":
            self.resolve_war(out)
        if self.eight_e_set is not None and not self.last_sr:
            self.last_sr = True
        order = getattr(self, "next_sr_order", None) or list(self.seating)
        self.start_stock_round(out, order)

    # ---------------------------------------------------------------- home
    def free_seats(self, hx, home=False) -> list[int]:
        st = self.hstate(hx)
        seats = [i for i, s in enumerate(st["seats"]) if s is None]
        if (not home and self.war != "done" and self.hex_info(hx).get("name") == D.SEOUL):
            seats = [i for i in seats if i != 0]   # RB §9.3: not Seoul's first seat before the war
        return seats

    def next_color(self, hx):
        st = self.hexes.get(hx)
        col = st["color"] if st else "none"
        return "yellow" if col == "none" else (D.ERAS[D.ERAS.index(col) + 1] if col != "gray" else None)

    def tile_choices(self, color, kind, letter=None) -> list[str]:
        """Tiles of ``color`` for a hex of ``kind`` (RB §9.2: big-city tiles on circles, small-city
        tiles on dots, normal road elsewhere; a metropolitan city's letter tiles, else city tiles)."""
        want = {"plain": ("plain",), "small": ("small",), "city": ("city",), "metro": ("city", "metro")}[kind]
        return sorted((t for t, (c, k) in D.TILES.items()
                       if c == color and k in want and (k != "metro" or t.split("-")[0] == letter)),
                      key=lambda t: (not t[0].isdigit(), int(t) if t.isdigit() else 0, t))

    def tiles_for(self, hx) -> list[str]:
        nxt = self.next_color(hx)
        if nxt is None or not self.color_allowed(hx, nxt):
            return []
        info = self.hex_info(hx)
        return self.tile_choices(nxt, info["kind"], info.get("letter"))

    def color_allowed(self, hx, color) -> bool:
        if color is None or D.ERAS.index(color) > D.ERAS.index(self.era):
            return False
        info = self.hex_info(hx)
        if info["side"] == "N" and info["kind"] in ("city", "metro") and color in ("brown", "gray") \
                and hx not in self.spy_hexes:
            return False   # RB §9.2: N tiles never brown
        if info["side"] == "N" and self.war == "done":
            return False
        return True

    def place_home(self, comp, out, after_upgrade=False):
        hx = comp.home
        st = self.hstate(hx)
        token_cost = comp.tokens.pop(0) if comp.tokens else 0
        free = self.free_seats(hx, home=True)
        if free:
            st["seats"][free[0]] = comp.sym
            where = f"seat {free[0] + 1}"
        else:
            nxt = self.next_color(hx)
            if not after_upgrade and st["color"] != "none" and self.color_allowed(hx, nxt) and \
                    self.seats_for(hx, nxt) > len(st["seats"]) and not self.final_set:
                comp.tokens.insert(0, token_cost)
                self.ors["turn"]["step"] = "home"
                self.ev(out, "home_upgrade_needed", f"{comp.home_city} is full: {comp.sym} must use its "
                        f"first track points to upgrade {self.hex_label(hx)} to {nxt}; its home station "
                        "then takes the new seat (RB §9.1 a).", company=comp.sym, hex=hx)
                return
            st["outer"].append(comp.sym)
            where = "outside the tile (outer station, RB §9.4)"
        comp.stations.append(hx)
        comp.home_placed = True
        self.ev(out, "home_station", f"{comp.sym} builds its start-city station in "
                f"{self.hex_label(hx)}, {where}.",
                f"Put a {comp.sym} station on {self.hex_label(hx)}, {where}; take the cube off the city.",
                company=comp.sym, hex=hx)

    # ---------------------------------------------------------------- actions
    def act_operating(self, action, out):
        kind = action["type"]
        comp = self.current_company()
        turn = self.ors["turn"]
        if kind in ("sell_shares", "bankrupt"):
            return self._act_emergency(action, out)
        if action.get("entity") != comp.sym:
            if action.get("entity") in self.companies:
                err("out_of_turn", f"It is {comp.sym}'s turn to operate.", acting=comp.sym)
            err("out_of_turn", f"It is {comp.sym}'s turn; its actions are entered as {comp.sym}.",
                acting=comp.sym)
        handler = {"lay_tile": self._lay_tile, "build_station": self._build_station,
                   "run": self._run, "dividend": self._dividend, "buy_train": self._buy_train,
                   "upgrade_train": self._upgrade_train, "done": self._done,
                   "defector_station": self._defector_station}.get(kind)
        if handler is None:
            err("wrong_round", f"'{kind}' is not an operating round action.", type=kind)
        handler(comp, turn, action, out)

    def _step_at_most(self, turn, step, what):
        if STEPS.index(turn["step"]) > STEPS.index(step):
            err("step_passed", f"Too late to {what} this turn (the company is at '{turn['step']}').")

    # track ------------------------------------------------------------
    def _lay_tile(self, comp, turn, action, out):
        if self.final_set:
            err("final_set", "No track may be laid in the final set of operating rounds.")
        self._step_at_most(turn, "track", "lay track")
        hx = self.resolve_hex(action.get("hex"), known=False)
        if turn["step"] == "home" and hx != comp.home:
            err("home_upgrade_first", f"{comp.sym} must first upgrade its start city {self.hex_label(comp.home)}.")
        new_hex = hx not in self.map
        if new_hex:
            # a hex the book does not know yet: the table reads its facts off the board
            facts = [action.get(k) for k in ("side", "hex_kind", "cost")]
            if any(f is None or f == "" for f in facts):
                err("hex_facts_needed", f"First build on {hx}: give its side of the demarcation line "
                    "('side' N/S), its kind ('hex_kind': plain, small or city) and its printed build "
                    "cost ('cost', 0 if none), as read off the board.", hex=hx,
                    fields=["side", "hex_kind", "cost"])
            side, kind, cost = self.check_hex_facts(*facts)
            self.map[hx] = {"name": "", "side": side, "kind": kind, "cost": cost, "letter": None,
                            "source": "entered by the table at the first build", "provisional": []}
        else:
            known = self.hex_info(hx)
            given_cost = action.get("cost")
            if given_cost not in (None, "") and "cost" in known.get("provisional", []) \
                    and self.hstate(hx)["color"] == "none":
                # a named city's printed cost is not in the rulebook: the first build reads it
                # off the board (data.NAMED_CITIES, PROV)
                _side, _kind, cost = self.check_hex_facts(known["side"], known["kind"], given_cost,
                                                          label=False)
                known["cost"] = cost
                known["provisional"] = [k for k in known["provisional"] if k != "cost"]
                known["source"] += "; printed cost entered at the first build"
            for key, field in (("side", "side"), ("kind", "hex_kind"), ("cost", "cost")):
                given = action.get(field)
                if given not in (None, "") and str(given) != str(known[key]):
                    err("hex_facts_differ", f"The book has {hx}'s {key} as {known[key]}, not {given}; "
                        "if the board says otherwise, fix it with a 'hex' correction.", hex=hx,
                        field=field, known=known[key])
        info = self.hex_info(hx)
        if self.war == "done" and info["side"] == "N":
            err("north_closed", f"{self.hex_label(hx)} is in North Korea: after the Korean War only South "
                "Korea may be built on (RB §10).")
        if hx in turn["built"]:
            err("hex_twice", f"{comp.sym} already built on {self.hex_label(hx)} this operating round "
                "(RB §9.2).")
        tile = str(action.get("tile", "")).strip()
        if not tile:
            err("bad_tile", "Name the tile (its number or letter).")
        rotation = as_int(action.get("rotation", 0), "rotation")
        if not 0 <= rotation <= 5:
            err("bad_rotation", "Rotation is 0-5.")
        if tile in D.TILES:
            color, tkind = D.TILES[tile]
            if action.get("color") and action["color"] != color:
                err("bad_color", f"Tile {tile} is {color}, not {action['color']}.")
        else:
            color, tkind = action.get("color"), None
            if color not in D.ERAS:
                err("unknown_tile", f"Tile {tile!r} is not in the tile list: give its colour "
                    "(yellow/green/brown/gray).", tile=tile)
        st = self.hstate(hx)
        nxt = self.next_color(hx)
        if nxt is None:
            err("no_upgrade", f"{self.hex_label(hx)} is gray and cannot be upgraded.")
        if color != nxt:
            err("bad_color", f"{self.hex_label(hx)} takes a {nxt} tile next, not {color}.",
                expected=nxt)
        if D.ERAS.index(color) > D.ERAS.index(self.era):
            err("era", f"{color.capitalize()} tiles are not available in the {self.era} era (RB §9.2 a).",
                era=self.era)
        if not self.color_allowed(hx, color):
            err("north_never_brown", f"{self.hex_label(hx)} carries an N tile: N tiles are never "
                "upgraded to brown (RB §9.2).")
        hkind = info["kind"]
        if tkind:
            if tkind == "metro" and tile.split("-")[0] != (info.get("letter") or ""):
                err("wrong_letter", f"Tile {tile} belongs to another metropolitan city.")
            if not (tkind == hkind or (tkind == "city" and hkind == "metro")):
                words = {"plain": "a normal track hex", "small": "a small city (dot)",
                         "city": "a big city (circle)", "metro": "a metropolitan city"}
                err("wrong_tile_kind", f"{self.hex_label(hx)} is {words[hkind]}: tile {tile} is for "
                    f"{words[tkind]} (RB §9.2).", hex=hx, tile=tile)
        tp = 1 if st["color"] == "none" else 2
        if "tp" in action and as_int(action["tp"], "tp") != tp:
            err("bad_tp", f"This build costs {tp} track point(s).", tp=tp)
        if tp > turn["tp"]:
            err("no_track_points", f"{comp.sym} has {turn['tp']} track point(s) left; this build needs "
                f"{tp}.", left=turn["tp"], need=tp)
        cost = info.get("cost", 0) if st["color"] == "none" else 0
        if cost > comp.cash:
            err("no_cash", f"Building on {self.hex_label(hx)} costs ₩{cost:,}; {comp.sym} has ₩{comp.cash:,}.",
                cost=cost)
        # apply
        turn["tp"] -= tp
        turn["built"].append(hx)
        if new_hex:
            self.ev(out, "hex_recorded", f"{hx} recorded: {self.hex_facts_text(hx)} (as entered; "
                    "correctable with a 'hex' correction).", hex=hx, side=info["side"], kind=hkind,
                    cost=info["cost"])
        turn["step"] = "track" if turn["step"] != "home" else "home"
        if cost:
            self.pay(comp.sym, "bank", cost)
        old_color = st["color"]
        st["tile"], st["color"], st["rotation"] = tile, color, rotation
        seats = self.seats_for(hx, color)
        if len(st["seats"]) < seats:
            st["seats"] += [None] * (seats - len(st["seats"]))
        face = " face down as an N tile" if (info["side"] == "N" and info["kind"] in ("city", "metro")
                                             and hx not in self.spy_hexes) else ""
        self.ev(out, "tile_laid", f"{comp.sym} {'lays' if old_color == 'none' else 'upgrades to'} tile "
                f"{tile} on {self.hex_label(hx)} ({tp} TP" + (f", ₩{cost:,}" if cost else "") + ").",
                f"Place tile {tile}{face} on {self.hex_label(hx)}, rotation {rotation}.",
                company=comp.sym, hex=hx, tile=tile, rotation=rotation, tp=tp, cost=cost)
        if turn["step"] == "home":
            turn["step"] = "track"
            self.place_home(comp, out, after_upgrade=True)
        # RB §9.4 a/b: the company laying the tile chooses which waiting outer station(s) take
        # the new seat(s): ``seat_first`` (one company) or ``seat_order`` (a list)
        order = action.get("seat_order")
        if action.get("seat_first") not in (None, ""):
            if action["seat_first"] not in st["outer"]:
                err("not_waiting", f"{action['seat_first']} has no outer station waiting at "
                    f"{self.hex_label(hx)}.", waiting=list(st["outer"]))
            order = [action["seat_first"]]
        self.fill_outer(hx, out, order)

    def fill_outer(self, hx, out, order=None):
        st = self.hstate(hx)
        if not st["outer"]:
            return
        waiting = list(st["outer"])
        if isinstance(order, list):
            chosen = [s for s in order if s in waiting]
            waiting = chosen + [s for s in waiting if s not in chosen]
        for sym in waiting:
            free = [i for i, s in enumerate(st["seats"]) if s is None]
            if not free:
                break
            st["seats"][free[0]] = sym
            st["outer"].remove(sym)
            self.ev(out, "outer_station_seated", f"{sym}'s outer station in {self.hex_label(hx)} takes "
                    f"seat {free[0] + 1}.", f"Move {sym}'s outer station onto seat {free[0] + 1} of "
                    f"{self.hex_label(hx)}.", company=sym, hex=hx)

    # stations ---------------------------------------------------------
    def _build_station(self, comp, turn, action, out):
        if self.final_set:
            err("final_set", "No station may be built in the final set of operating rounds.")
        self._step_at_most(turn, "station", "build a station")
        if turn["step"] == "home":
            err("home_upgrade_first", f"{comp.sym} must first upgrade its start city.")
        if turn["station"]:
            err("one_station", "Only one station may be built per operating round.")
        hx = self.station_city(comp, action.get("hex"), "S" if self.war == "done" else None)
        info = self.hex_info(hx)
        if info["kind"] != "metro":
            # RB §9.3: "a new station can be built if there is an empty space on a metropolitan
            # tile" (reading "stations_on_metropolitan_tiles" in data.READINGS)
            err("not_metropolitan", f"{self.hex_label(hx)} is a normal city: stations are built on "
                f"metropolitan tiles ({', '.join(D.METROPOLITAN)}) (RB §9.3).", hex=hx)
        st = self.hstate(hx)
        if st["color"] == "none":
            err("no_tile", f"{self.hex_label(hx)} has no tile yet: stations are built on tiles.")
        free = self.free_seats(hx)
        seat = action.get("seat")
        outer = False
        if seat is None or seat == "":
            if free:
                seat = free[0]
            elif info.get("name") == D.SEOUL and self.war != "done" and "OC01" in comp.assets:
                outer = True          # RB §16 OC01, §9.3: an extra station in Seoul is an outer one
            else:
                err("city_full", f"{self.hex_label(hx)} has no free seat.")
        else:
            seat = as_int(seat, "seat") - 1
            if seat not in free:
                if info.get("name") == D.SEOUL and self.war != "done" and seat == 0:
                    err("seoul_first_seat", "Before the Korean War no station may take Seoul's first "
                        "seat (RB §9.3).")
                err("seat_taken", f"Seat {seat + 1} of {self.hex_label(hx)} is not free "
                    f"(free: {[s + 1 for s in free]}).")
        # RB §2 "additional station tokens for asset cards": OC01's Seoul station uses the
        # card's own token while it lasts (D.ASSET_STATION_TOKENS, PROV: free); any other
        # station takes the leftmost dashboard token and pays its price (RB §9.3)
        card_token = outer and comp.card_tokens.get("OC01", 0) > 0
        if not card_token and not comp.tokens:
            err("no_tokens", f"{comp.sym} has no station tokens left.")
        cost = D.ASSET_STATION_TOKENS["OC01"] if card_token else comp.tokens[0]
        if cost > comp.cash:
            err("no_cash", f"{comp.sym}'s next station costs ₩{cost:,}; it has ₩{comp.cash:,}.", cost=cost)
        if card_token:
            comp.card_tokens_used["OC01"] = comp.card_tokens_used.get("OC01", 0) + 1
        else:
            comp.tokens.pop(0)
        self.pay(comp.sym, "bank", cost)
        if outer:
            st["outer"].append(comp.sym)
            where = "as an outer station (OC01" + (", the card's own token" if card_token else "") + ")"
        else:
            st["seats"][seat] = comp.sym
            where = f"seat {seat + 1}"
        comp.stations.append(hx)
        turn["station"] = True
        turn["step"] = "station"
        self.ev(out, "station_built", f"{comp.sym} builds a station in {self.hex_label(hx)}, {where}, "
                f"for ₩{cost:,}.", f"Put {comp.sym}'s leftmost station token on {self.hex_label(hx)}, {where}.",
                company=comp.sym, hex=hx, cost=cost)

    def _defector_station(self, comp, turn, action, out):
        return self.defector_station(comp, action, out)

    # revenue ----------------------------------------------------------
    def _run(self, comp, turn, action, out):
        self._step_at_most(turn, "run", "run trains")
        if turn["step"] == "home":
            err("home_upgrade_first", f"{comp.sym} must first upgrade its start city.")
        revs = action.get("revenues", [])
        if not isinstance(revs, list):
            err("bad_revenues", "Revenues are a list, one number per train.")
        if len(revs) != len(comp.trains):
            err("bad_revenues", f"{comp.sym} has {len(comp.trains)} train(s) "
                f"({', '.join(comp.trains) or 'none'}): enter one revenue per train.",
                trains=list(comp.trains))
        revs = [as_int(r, "revenue") for r in revs]
        if any(r < 0 or r > D.MAX_TRAIN_REVENUE for r in revs):
            err("bad_revenues", f"A train's revenue is ₩0-{D.MAX_TRAIN_REVENUE}.")
        total, note = express_total(comp.trains, revs)
        turn["revenue"] = total
        turn["step"] = "dividend"
        comp.last_revenue = total
        parts = ", ".join(f"{t}: {r}" for t, r in zip(comp.trains, revs))
        self.ev(out, "revenue", f"{comp.sym} runs for {total}" + (f" ({parts}; {note})" if note else
                (f" ({parts})" if parts else "")) + ".",
                f"Put {comp.sym}'s revenue token on {total}.", company=comp.sym, revenue=total,
                trains=list(comp.trains), revenues=revs)

    def _dividend(self, comp, turn, action, out):
        if turn["step"] != "dividend":
            err("no_revenue_yet", "Enter the trains' revenues ('run') before the dividend.")
        kind = action.get("kind")
        total = turn["revenue"]
        sym = comp.sym
        if kind == "payout":
            per = total // 10
            paid = []
            for holder, units in list(self.shares[sym].items()):
                amount = per * units
                if not amount or holder == "pool":
                    continue
                if holder == "company":
                    self.pay("bank", sym, amount)
                    paid.append(f"{sym} ₩{amount:,}")
                else:
                    self.pay("bank", holder, amount)
                    paid.append(f"{self.pname(holder)} ₩{amount:,}")
            self.ev(out, "dividend", f"{sym} pays out ₩{total:,} (₩{per:,} a share): {', '.join(paid) or 'nobody'}.",
                    company=sym, revenue=total, per_share=per)
            price = self.price(sym)
            if total >= 2 * price:
                self.move_price(sym, 2, out, f"revenue {total} ≥ twice the price")
            elif total >= price:
                self.move_price(sym, 1, out, f"revenue {total} ≥ the price")
            else:
                self.flipped.add(sym)
                self.ev(out, "token_flipped", f"{sym}'s revenue {total} is below its price {price}: the price "
                        "stays.", f"Flip {sym}'s stock token face down in its place.", company=sym)
        elif kind == "withhold":
            self.pay("bank", sym, total)
            self.ev(out, "withheld", f"{sym} withholds {total}; it goes into the company.", company=sym,
                    revenue=total)
            self.flipped.add(sym)
            self.move_price(sym, -1, out, "withheld")
        else:
            err("bad_dividend", "Choose 'payout' or 'withhold'.")
        turn["step"] = "trains"
        self.oa01_check(comp, out)

    # trains -----------------------------------------------------------
    def _to_trains_step(self, comp, turn, what):
        if turn["step"] == "home":
            err("home_upgrade_first", f"{comp.sym} must first upgrade its start city.")
        if turn["step"] in ("track", "station", "run"):
            # RB §9 steps 4-6: revenue and dividend come before buying trains, also for a
            # company without trains (it earns 0: reading "no_train_run" in data.READINGS)
            err("run_first", f"{comp.sym} calculates its revenue ('run') and decides the dividend "
                f"before it {what} (RB §9).")
        elif turn["step"] == "dividend":
            err("dividend_first", "Decide the dividend first.")

    def _buy_train(self, comp, turn, action, out):
        self._to_trains_step(comp, turn, "buys trains")
        source = action.get("source", "market")
        if len(comp.trains) >= self.train_limit:
            err("train_limit", f"{comp.sym} already owns {len(comp.trains)} trains, the limit in this era.",
                limit=self.train_limit)
        if source == "market":
            head = self.market_head()
            want = str(action.get("train", head))
            if want != head:
                if want == "2" and self.or_total > 1:
                    err("no_2_trains", "2-trains are sold only in the first operating round.")
                err("not_available", f"Only the cheapest train in the market may be bought: a {head}-train.",
                    available=head)
            price = self.train_price(comp, head)
            forced = not comp.trains and comp.cash < price
            if forced:
                director = comp.director
                short = price - comp.cash
                if self.cash[director] < short:
                    err("sell_first", f"{comp.sym} must buy a {head}-train (₩{price:,}): it has ₩{comp.cash:,}; "
                        f"{self.pname(director)} must pay the ₩{short:,} missing and has ₩{self.cash[director]:,}: "
                        "sell shares first (no sale may change a directorship), or declare bankruptcy.",
                        short=short)
                paid = comp.cash
                self.pay(comp.sym, "bank", paid)
                self.pay(director, "bank", short)
                self.ev(out, "forced_purchase", f"Forced purchase: {comp.sym} pays ₩{paid:,} and its director "
                        f"{self.pname(director)} pays ₩{short:,}.", company=comp.sym, director=director,
                        short=short)
            else:
                if comp.cash < price:
                    err("no_cash", f"A {head}-train costs ₩{price:,}; {comp.sym} has ₩{comp.cash:,}.", price=price)
                self.pay(comp.sym, "bank", price)
            comp.trains.append(head)
            self.ev(out, "train_bought", f"{comp.sym} buys a {head}-train from the market for ₩{price:,}"
                    + (" (OB04 Train Buyer: 20% off)" if "OB04" in comp.assets else "") + ".",
                    f"Move a {head}-train from the train market to {comp.sym}.", company=comp.sym,
                    train=head, price=price)
            self.take_from_market(head, out, by=comp.sym)
            return
        # from another company
        if self.final_set:
            err("final_set", "No trades between companies in the final set: buy from the market.")
        seller = self.company(source)
        if seller.sym == comp.sym or not seller.founded:
            err("bad_source", "Buy from the market or from another operating company.")
        train = str(action.get("train"))
        if train not in seller.trains:
            err("no_such_train", f"{seller.sym} has no {train}-train.")
        price = as_int(action.get("price"), "price")
        if price < 1:
            err("price_too_low", "A train between companies costs at least ₩1.")
        if price > comp.cash:
            err("no_cash", f"{comp.sym} has ₩{comp.cash:,}, not ₩{price:,}.")
        shared = set(comp.stations) & set(seller.stations)
        if not shared and action.get("connected") is not True:
            err("not_connected", f"{comp.sym} and {seller.sym} share no city: confirm that their stations "
                "are connected by an unblocked route ('connected': true).")
        seller.trains.remove(train)
        comp.trains.append(train)
        self.pay(comp.sym, seller.sym, price)
        self.ev(out, "train_traded", f"{comp.sym} buys a {train}-train from {seller.sym} for ₩{price:,}.",
                f"Move a {train}-train from {seller.sym} to {comp.sym}.", company=comp.sym,
                seller=seller.sym, train=train, price=price)

    def _upgrade_train(self, comp, turn, action, out):
        if "OB09" not in comp.assets:
            err("no_asset", f"{comp.sym} has no OB09 The Newest Parts.")
        self._to_trains_step(comp, turn, "upgrades trains")
        old = str(action.get("train"))
        if old not in comp.trains:
            err("no_such_train", f"{comp.sym} has no {old}-train.")
        new = D.OB09_UPGRADES.get(old)
        if new is None:
            err("no_upgrade", f"OB09 upgrades 2→4, 3→6E and 4→8E only.")
        if self.market_head() != new:
            err("not_available", f"A {new}-train is not the train on sale now.")
        # RB §16 OB09 names the upgrades but no price: PROV (data.PROVISIONAL "ob09"), the
        # company pays the new train's price less the old train's printed price; the new train
        # comes from the market, so it must be the one on sale (RB §9.7), and counts as sold
        price = max(0, self.train_price(comp, new) - D.TRAIN_PRICE[old])
        if price > comp.cash:
            err("no_cash", f"The upgrade costs ₩{price:,}; {comp.sym} has ₩{comp.cash:,}.")
        comp.trains.remove(old)
        comp.trains.append(new)
        self.pay(comp.sym, "bank", price)
        self.ev(out, "train_upgraded", f"{comp.sym} upgrades a {old}-train to a {new}-train for ₩{price:,} "
                "(OB09 The Newest Parts).", f"Remove the {old}-train from the game; move a {new}-train "
                f"from the market to {comp.sym}.", company=comp.sym, old=old, new=new, price=price)
        self.take_from_market(new, out, by=comp.sym)

    def _done(self, comp, turn, action, out):
        self._to_trains_step(comp, turn, "ends its turn")
        if not comp.trains:
            head = self.market_head()
            err("must_buy_train", f"{comp.sym} owns no train: it must buy a {head}-train from the market "
                f"(₩{self.train_price(comp, head):,}).", train=head)
        comp.operated += 1
        self.ors["done"].append(comp.sym)
        self.ors["turn"] = None
        self.next_company(out)

    # emergency --------------------------------------------------------
    def _emergency_state(self):
        comp = self.current_company()
        turn = self.ors["turn"]
        if comp is None or comp.trains or turn["step"] != "trains":
            return None
        price = self.train_price(comp, self.market_head())
        if comp.cash >= price:
            return None
        short = price - comp.cash
        return comp, comp.director, short

    def _act_emergency(self, action, out):
        state = self._emergency_state()
        if state is None:
            err("no_emergency", "Shares are sold in operating rounds only to pay for a forced train "
                "purchase.")
        comp, director, short = state
        if action.get("entity") != director:
            err("out_of_turn", f"Only {comp.sym}'s director {self.pname(director)} raises money now.")
        if action["type"] == "bankrupt":
            if self.raisable(director, keep_presidency=True) >= short:
                err("not_bankrupt", f"{self.pname(director)} can still raise the ₩{short:,} by selling shares.")
            self.ev(out, "bankrupt", f"{self.pname(director)} cannot pay for {comp.sym}'s train and goes "
                    "bankrupt: the game ends now.", player=director)
            return self.finish("bankruptcy", out)
        if self.cash[director] >= short:
            err("enough_cash", f"{self.pname(director)} already has the ₩{short:,} needed.")
        sym = self.company(action.get("company")).sym
        n = as_int(action.get("count", 1), "count")
        if n < 1:
            err("bad_count", "Sell at least one share.")
        # RB §9.8: sell only up to the shortfall
        if n > 1 and self.cash[director] + self.sale_value(director, sym, n - 1) >= short:
            err("sells_too_many", f"Selling {n - 1} share(s) already covers the ₩{short:,}: sell fewer.")
        self.sell(director, sym, n, out, keep_presidency=True)

    def oa01_check(self, comp, out):
        if "OA01" in comp.assets and self.company_has_station(comp.sym, D.SEOUL) \
                and self.price(comp.sym) >= D.END_PRICE and not self.end_after_or:
            self.end_after_or = "OA01"
            self.ev(out, "end_triggered", f"OA01 Miracle on the Han River: {comp.sym} is in Seoul at "
                    f"{self.price(comp.sym)}; the game ends after this operating round.")

    # ---------------------------------------------------------------- legal
    def operating_legal(self) -> list[dict]:
        comp = self.current_company()
        if comp is None:
            return []
        turn = self.ors["turn"]
        sym = comp.sym
        acts = []
        step = turn["step"]
        em = self._emergency_state()
        if em and self.cash[em[1]] < em[2]:
            # RB §9.8: the director raises the missing money (the company may still build first)
            director = em[1]
            for s in self.book.held:
                most = self.max_sellable(director, s, keep_presidency=True)
                # RB §9.8: no more than covers the shortfall
                enough = [n for n in range(1, most + 1)
                          if self.cash[director] + self.sale_value(director, s, n) >= em[2]]
                most = enough[0] if enough else most
                if most:
                    acts.append({"type": "sell_shares", "entity": director, "company": s,
                                 "params": {"count": {"min": 1, "max": most, "step": 1}},
                                 "short": em[2]})
            if self.raisable(director, keep_presidency=True) < em[2]:
                acts.append({"type": "bankrupt", "entity": director})
        if step in ("home", "track") and not self.final_set and turn["tp"]:
            acts += self._lay_tile_templates(comp, turn)
        if step in ("track", "station") and not turn["station"] and not self.final_set:
            spots = [hx for hx in self.station_hexes(comp)
                     if (self.free_seats(hx) and comp.tokens and comp.cash >= comp.tokens[0])
                     or (not self.free_seats(hx) and self._oc01_cost(comp) is not None
                         and comp.cash >= self._oc01_cost(comp))]
            if spots:
                acts.append({"type": "build_station", "entity": sym,
                             "cost": comp.tokens[0] if comp.tokens else 0,
                             "params": {"hex": {"choices": spots}, "seat": {"min": 1, "max": 4, "step": 1,
                                                                            "optional": True}}})
        if step in ("track", "station", "run"):
            # RB §9.5: one revenue per train (none for a company without trains: it earns 0)
            acts.append({"type": "run", "entity": sym, "trains": list(comp.trains),
                         "params": {"revenues": {"list_of": {"min": 0, "max": D.MAX_TRAIN_REVENUE,
                                                             "step": 10},
                                                 "length": len(comp.trains)}}})
        if step == "dividend":
            acts.append({"type": "dividend", "entity": sym, "params": {"kind": {
                "choices": ["payout", "withhold"]}}, "revenue": turn["revenue"]})
        can_buy = step == "trains"
        if can_buy and len(comp.trains) < self.train_limit:
            head = self.market_head()
            price = self.train_price(comp, head)
            if comp.cash >= price or (not comp.trains and comp.cash + self.cash[comp.director] >= price):
                acts.append({"type": "buy_train", "entity": sym, "source": "market", "train": head,
                             "price": price})
            if not self.final_set:
                for other in self.live_companies():
                    if other.sym != sym and other.trains and comp.cash >= 1:
                        for t in sorted(set(other.trains)):
                            acts.append({"type": "buy_train", "entity": sym, "source": other.sym, "train": t,
                                         "params": {"price": {"min": 1, "max": comp.cash, "step": 1},
                                                    "connected": {"choices": [True]}},
                                         "shared_city": bool(set(comp.stations) & set(other.stations))})
        if can_buy and "OB09" in comp.assets:
            for old, new in D.OB09_UPGRADES.items():
                if old in comp.trains and self.market_head() == new and \
                        comp.cash >= max(0, self.train_price(comp, new) - D.TRAIN_PRICE[old]):
                    acts.append({"type": "upgrade_train", "entity": sym, "train": old})
        if step == "trains" and comp.trains:
            acts.append({"type": "done", "entity": sym})
        return acts

    def _lay_tile_templates(self, comp, turn) -> list[dict]:
        """Two phone forms: a tile on a hex the book knows (a named city or a label laid
        before), and a first tile on a hex the book does not know yet, whose side, kind
        and printed cost the table reads off the board (RB §9.2)."""
        sym, acts = comp.sym, []
        rotation = {"min": 0, "max": 5, "step": 1}
        color = {"choices": D.ERAS[:D.ERAS.index(self.era) + 1], "optional": True,
                 "note": "only for a tile not in the list"}
        hexes = [comp.home] if turn["step"] == "home" else self.buildable_hexes(comp, turn)
        known = {hx: self.tiles_for(hx) for hx in hexes}
        known = {hx: tiles for hx, tiles in known.items() if tiles}
        if known:
            waiting = sorted({s for hx in known for s in self.hexes.get(hx, {}).get("outer", [])})
            acts.append({"type": "lay_tile", "entity": sym, "form": "known_hex", "tp_left": turn["tp"],
                         "params": {
                             "hex": {"choices": list(known)},
                             "tile": {"choices": sorted({t for ts in known.values() for t in ts}),
                                      "choices_by": {"field": "hex", "map": known}, "free_entry": True},
                             "rotation": rotation, "color": color,
                             **({"seat_first": {
                                 "optional": True, "choices": waiting,
                                 "choices_by": {"field": "hex", "map": {
                                     hx: list(self.hexes.get(hx, {}).get("outer", [])) for hx in known}},
                                 "note": "the outer station that takes the first new seat (RB §9.4)"}}
                                if waiting else {}),
                             "cost": {"min": 0, "max": D.MAX_PRINTED_COST, "step": D.COST_STEP,
                                      "optional": True, "note": "a named city's printed cost, at its "
                                      "first build (the rulebook does not give it)"}}})
        if turn["step"] == "track":
            by_kind = {k: self.tile_choices("yellow", k) for k in D.LABEL_KINDS}
            top = min(D.MAX_PRINTED_COST, comp.cash - comp.cash % D.COST_STEP)
            acts.append({"type": "lay_tile", "entity": sym, "form": "new_hex", "tp_left": turn["tp"],
                         "params": {
                             "hex": {"text": True, "label": "hex label read off the board",
                                     "max_length": D.LABEL_MAX, "normalise": "upper",
                                     "not_in": sorted(self.map, key=str.upper)},
                             "side": {"choices": ["S"] if self.war == "done" else ["N", "S"]},
                             "hex_kind": {"choices": list(D.LABEL_KINDS)},
                             "cost": {"min": 0, "max": top, "step": D.COST_STEP},
                             "tile": {"choices": sorted({t for ts in by_kind.values() for t in ts}),
                                      "choices_by": {"field": "hex_kind", "map": by_kind}},
                             "rotation": rotation}})
        return acts

    def buildable_hexes(self, comp, turn) -> list[str]:
        out = []
        for hx, info in self.map.items():
            if hx in turn["built"]:
                continue
            if self.war == "done" and info["side"] == "N":
                continue
            nxt = self.next_color(hx)
            if nxt is None or not self.color_allowed(hx, nxt):
                continue
            need = 1 if nxt == "yellow" else 2
            if need > turn["tp"] or (nxt == "yellow" and info.get("cost", 0) > comp.cash):
                continue
            out.append(hx)
        return out

    def station_hexes(self, comp) -> list[str]:
        """Metropolitan cities (RB §9.3) with a tile where ``comp`` has no station and a seat is
        free, and Seoul before the war for a holder of OC01 (an outer station there)."""
        out = []
        for hx, info in self.map.items():
            if info["kind"] != "metro":
                continue
            if self.war == "done" and info["side"] == "N":
                continue
            st = self.hexes.get(hx)
            if not st or st["color"] == "none" or self.company_has_station(comp.sym, hx):
                continue
            if self.free_seats(hx) or (hx == D.SEOUL and self.war != "done" and "OC01" in comp.assets):
                out.append(hx)
        return out

    def _oc01_cost(self, comp):
        """What OC01's outer station in Seoul costs now, or None if it cannot be built."""
        if "OC01" not in comp.assets or self.war == "done":
            return None
        if comp.card_tokens.get("OC01", 0) > 0:
            return D.ASSET_STATION_TOKENS["OC01"]
        return comp.tokens[0] if comp.tokens else None
