"""The words of the Age of Steam family (en + ko): events, errors, the book's labels and the
forms. Korean templates put particles after fixed words ("님이", "기관차가"), never after a
name. See ``engine.words`` for the format."""
from __future__ import annotations

from engine.age_of_steam.building import KIND_NAMES
from engine.age_of_steam.describe import FIELD_NAMES, STEPS
from engine.age_of_steam.selection import ACTION_NAMES
from engine.words import en_ko as _w

PARAMS = {
    "player": "player", "by": "player", "leader": "player", "winner": "player",
    "amount": "money", "cash": "money", "high": "money", "min": "money", "paid": "money",
    "short": "money", "bid": "money", "income": "money", "after": "money", "cost": "money",
    "count": "count", "links": "count", "level": "count", "limit": "count", "room": "count",
    "shares": "count", "place": "count", "turn": "count", "turns": "count", "round": "count",
    "score": "count", "value": "count", "exits": "count", "n": "count", "max": "count",
    "tiles": "count", "expenses": "money",
}




WORDS = {
    # -- events ----------------------------------------------------------------------------
    "turn_started": _w("Turn %(turn)s of %(turns)s begins.",
                       "%(turns)s턴 중 %(turn)s턴을 시작합니다."),
    "shares_issued": _w("%(player)s issues %(count)s share(s) for %(amount)s.",
                        "%(player)s 님이 주식 %(count)s장을 발행하고 %(amount)s 받습니다."),
    "shares_issued.board": _w("Move the player's shares marker.",
                              "플레이어의 주식 마커를 옮기세요."),
    "no_shares": _w("%(player)s issues no shares.", "%(player)s 님은 주식을 발행하지 않습니다."),
    "bid": _w("%(player)s bids %(amount)s.", "%(player)s 님이 %(amount)s 입찰합니다."),
    "dropped_out": _w("%(player)s drops out and takes place %(place)s.",
                      "%(player)s 님이 경매에서 빠지고 %(place)s번째 순서가 됩니다."),
    "turn_order_pass_used": _w("%(player)s passes with the Turn Order Pass.",
                               "%(player)s 님이 턴 순서 패스로 한 번 넘어갑니다."),
    "auction_place": _w("%(player)s is %(place)s in turn order and pays %(amount)s.",
                        "%(player)s 님이 턴 순서 %(place)s번째이고 %(amount)s 냅니다."),
    "turn_order": _w("The new turn order is set.", "새 턴 순서가 정해졌습니다."),
    "turn_order.board": _w("Set the turn-order discs: %(order)s.",
                           "턴 순서 원판을 놓으세요: %(order)s."),
    "action_selected": _w("%(player)s takes %(what)s.",
                          "%(player)s 님이 행동 '%(what)s' 카드를 가져갑니다."),
    "action_selected.board": _w("Put the player's disc on the action.",
                                "그 행동 칸에 플레이어의 원판을 놓으세요."),
    "locomotive_raised": _w("%(player)s's locomotive is now %(level)s.",
                            "%(player)s 님의 기관차가 이제 %(level)s입니다."),
    "locomotive_raised.board": _w("Move the locomotive marker.", "기관차 마커를 옮기세요."),
    "no_action": _w("%(player)s takes no action.", "%(player)s 님은 행동을 고르지 않습니다."),
    "urbanized": _w("%(player)s places a %(colour_name)s New City.",
                    "%(player)s 님이 새 도시(%(colour_name)s)를 놓습니다."),
    "urbanized.board": _w("Put the New City tile on a town of the player's choice.",
                          "플레이어가 고른 마을에 새 도시 타일을 놓으세요."),
    "built": _w("%(player)s builds: %(what)s for %(amount)s.",
                "%(player)s 님이 건설합니다: %(what)s, %(amount)s."),
    "built.board": _w("Lay the tile and put the player's track marker on it.",
                      "타일을 놓고 그 위에 플레이어의 선로 마커를 놓으세요."),
    "builds_done": _w("%(player)s ends building: %(count)s build(s), %(amount)s.",
                      "%(player)s 님이 건설을 마칩니다: %(count)s회, %(amount)s."),
    "delivered": _w("%(player)s moves a %(colour_name)s good over %(links)s link(s).",
                    "%(player)s 님이 물품(%(colour_name)s)을 링크 %(links)s개 거쳐 운송합니다."),
    # who earns, in every language (a delivery over no one's track pays nobody: said so)
    "delivered.board": {**_w(("Move the good to its city and take it off the board; move the "
                              "income markers (%(earned)s).",
                              "Move the good to its city and take it off the board; no income "
                              "marker moves (the links are no one's)."),
                             ("물품을 도착 도시로 옮긴 뒤 보드에서 치우고, 수입 마커를 옮기세요 "
                              "(%(earned)s).",
                              "물품을 도착 도시로 옮긴 뒤 보드에서 치우세요. 수입 마커는 그대로입니다 "
                              "(링크 주인이 없음).")), "plain": True},
    "move_passed": _w("%(player)s moves no good.", "%(player)s 님은 물품을 운송하지 않습니다."),
    "income_paid": _w("%(player)s takes %(income)s income and pays %(paid)s of %(amount)s "
                      "expenses.",
                      "%(player)s 님이 수입 %(income)s 받고 비용 %(amount)s 중 %(paid)s 냅니다."),
    "shortfall": _w("%(player)s is %(amount)s short: income falls to %(income)s.",
                    "%(player)s 님이 %(amount)s 모자랍니다: 수입이 %(income)s(으)로 내려갑니다."),
    "shortfall.board": _w("Move the income marker down.", "수입 마커를 내리세요."),
    "eliminated": _w("%(player)s's income is below zero: out of the game.",
                     "%(player)s 님의 수입이 마이너스가 되어 게임에서 탈락합니다."),
    "eliminated.board": _w("Take the player's track markers off the board.",
                           "그 플레이어의 선로 마커를 보드에서 치우세요."),
    "income_reduced": _w("%(player)s's income is reduced by %(amount)s to %(income)s.",
                         "%(player)s 님의 수입이 %(amount)s 줄어 %(income)s입니다."),
    "income_reduced.board": _w("Move the income marker down.", "수입 마커를 내리세요."),
    "production": _w("%(player)s places 2 goods (Production).",
                     "%(player)s 님이 물품 2개를 놓습니다 (생산)."),
    "production.board": _w("Draw 2 goods and place them on empty spaces of the goods display.",
                           "물품 2개를 뽑아 물품 표시판의 빈칸에 놓으세요."),
    "goods_growth": _w("Goods growth.", "물품 증가."),
    "goods_growth.board": _w("Roll the goods-growth dice and add the goods to the cities.",
                             "물품 증가 주사위를 굴려 도시에 물품을 더하세요."),
    "not_eligible": _w("%(player)s has not met the victory condition and is eliminated.",
                       "%(player)s 님은 승리 조건을 채우지 못해 탈락합니다."),
    "game_over": _w(("The game is over: %(winner)s wins.", "The game is over."),
                    ("게임이 끝났습니다: %(winner)s 님이 이깁니다.", "게임이 끝났습니다.")),
    "score": _w("%(player)s scores %(score)s.", "%(player)s 님의 점수: %(score)s점."),
    "corrected": {**_w(("Correction by %(by)s: %(kind)s of %(player)s is now %(cash)s "
                        "(%(reason)s).",
                        "Correction by %(by)s: %(kind)s of %(player)s is now %(value)s "
                        "(%(reason)s)."),
                       ("%(by)s 님의 정정: %(player)s 님의 %(kind)s 값이 이제 %(cash)s입니다 "
                        "(%(reason)s).",
                        "%(by)s 님의 정정: %(player)s 님의 %(kind)s 값이 이제 %(value)s입니다 "
                        "(%(reason)s).")),
                  "types": {"kind": "word:correction_kind"}, "plain": True},
    # what a correction changed, in the message above (a map's own kinds: its words)
    "correction_kind.cash": _w("cash", "현금"),
    "correction_kind.income": _w("income", "수입"),
    "correction_kind.track": _w("track", "선로 타일 수"),
    "correction_kind.locomotive": _w("locomotive", "기관차"),
    # -- errors ----------------------------------------------------------------------------
    "bad_entity": _w("No such player at this table.", "이 테이블에 없는 플레이어입니다."),
    "bad_player": _w("No such player at this table.", "이 테이블에 없는 플레이어입니다."),
    "not_your_turn": _w("It is %(player)s's turn.", "지금은 %(player)s 님의 차례입니다."),
    "bad_number": _w("%(field)s is a whole number.", "%(field)s 값은 정수여야 합니다."),
    "share_limit": _w("At most %(limit)s shares in all: %(player)s may issue %(room)s more.",
                      "주식은 모두 %(limit)s장까지입니다: %(player)s 님은 %(room)s장 더 발행할 수 "
                      "있습니다."),
    "bid_too_low": _w("A bid must be above the high bid of %(high)s.",
                      "입찰은 최고 입찰액 %(high)s보다 높아야 합니다."),
    "bid_over_cash": _w("%(player)s has %(cash)s and cannot bid %(amount)s.",
                        "%(player)s 님은 현금이 %(cash)s라서 %(amount)s 입찰할 수 없습니다."),
    "no_turn_order_pass": _w("%(player)s does not hold an unused Turn Order Pass.",
                             "%(player)s 님에게는 쓰지 않은 턴 순서 패스가 없습니다."),
    "turn_order_pass_two": _w("The Turn Order Pass cannot be used when only 2 bidders remain.",
                              "입찰자가 2명만 남으면 턴 순서 패스를 쓸 수 없습니다."),
    "bad_choice": _w("Choose one of the offered actions.", "제시된 행동 중 하나를 고르세요."),
    "action_taken": _w("%(what)s is already taken by %(player)s this turn.",
                       "이번 턴에 그 행동은 이미 %(player)s 님이 가져갔습니다."),
    "action_not_this_turn": _w("That action cannot be selected in turn %(turn)s.",
                               "그 행동은 %(turn)s턴에 고를 수 없습니다."),
    "loco_at_max": _w("The locomotive is at most %(limit)s.",
                      "기관차는 %(limit)s까지입니다."),
    "action_open": _w("An action is still open: select one.",
                      "아직 고를 수 있는 행동이 있습니다: 하나를 고르세요."),
    "build_limit": _w("At most %(limit)s builds this turn.",
                      "이번 턴에는 %(limit)s회까지 건설할 수 있습니다."),
    "bad_kind": _w("Choose one of the offered builds.", "제시된 건설 중 하나를 고르세요."),
    "build_cash": _w("%(player)s has %(cash)s; this build costs %(amount)s.",
                     "%(player)s 님의 현금은 %(cash)s이고 이 건설 비용은 %(amount)s입니다."),
    "bad_colour": _w("Choose one of the offered colours.", "제시된 색 중 하나를 고르세요."),
    "no_urbanization": _w("%(player)s has not taken Urbanization.",
                          "%(player)s 님은 도시화 행동을 가져가지 않았습니다."),
    "urbanize_first": _w("Urbanization places one New City, before building.",
                         "도시화는 건설하기 전에 새 도시 하나를 놓습니다."),
    "no_new_city": _w("No New City of that colour is left.", "그 색의 새 도시가 남아 있지 않습니다."),
    "too_many_links": _w("%(player)s's locomotive moves a good over at most %(level)s link(s), "
                         "not %(links)s.",
                         "%(player)s 님의 기관차로는 링크 %(level)s개까지만 운송할 수 있습니다 "
                         "(요청: %(links)s개)."),
    "bad_owners": _w("Name each link's owner, one player per link.",
                     "링크마다 소유자를 한 명씩 정하세요."),
    "owner_out": _w("%(player)s is out of the game and owns no track.",
                    "%(player)s 님은 탈락해서 선로가 없습니다."),
    "correction_reason": _w("A correction needs a reason.", "정정에는 이유가 필요합니다."),
    "bad_correction": _w("A correction is of cash, income, track or locomotive.",
                         "정정할 수 있는 것은 현금, 수입, 선로, 기관차입니다."),
    "cash_below_zero": _w("Cash cannot go below zero.", "현금은 0 아래로 내려갈 수 없습니다."),
    "unknown_action": _w("No such action in Age of Steam.", "에이지 오브 스팀에 없는 행동입니다."),
    "wrong_phase": _w("That is not taken now.", "지금은 할 수 없는 행동입니다."),
    # -- the book --------------------------------------------------------------------------
    "section.status": _w("Now", "현재"),
    "section.players": _w("Players", "플레이어"),
    "section.actions": _w("Actions this turn", "이번 턴의 행동"),
    "section.accounts": _w("Last income and expenses", "지난 수입과 비용"),
    "section.setup": _w("Set-up on the board", "보드 준비"),
    "fact.where": _w("Now", "현재"),
    "fact.acting": _w("Acting", "차례"),
    "fact.high_bid": _w("High bid", "최고 입찰액"),
    "fact.leader": _w("High bidder", "최고 입찰자"),
    "fact.pass_holder": _w("Turn Order Pass", "턴 순서 패스"),
    "fact.builds": _w("Builds this turn", "이번 턴 건설 수"),
    "fact.spent": _w("Spent on track", "선로 비용"),
    "fact.winner": _w("Winner", "승자"),
    "word.nobody": _w("nobody", "없음"),
    "word.in": _w("in", "참가 중"),
    "out.income_below_zero": _w("out (income below zero)", "탈락 (수입 0 미만)"),
    "out.not_eligible": _w("out (victory condition not met)", "탈락 (승리 조건 미달)"),
    "where.turn": _w("Turn %(turn)s of %(turns)s: %(phase)s", "%(turns)s턴 중 %(turn)s턴: %(phase)s"),
    "where.move": _w("Turn %(turn)s of %(turns)s: %(phase)s, round %(round)s",
                     "%(turns)s턴 중 %(turn)s턴: %(phase)s, %(round)s라운드"),
    "where.over": _w("Game over after turn %(turn)s", "%(turn)s턴 뒤 게임 종료"),
    "phase.shares": _w("Issue shares", "주식 발행"),
    "phase.auction": _w("Turn-order auction", "턴 순서 경매"),
    "phase.actions": _w("Select actions", "행동 선택"),
    "phase.build": _w("Build track", "선로 건설"),
    "phase.move": _w("Move goods", "물품 운송"),
    "phase.over": _w("Game over", "게임 종료"),
    "col.place": _w("Turn order", "턴 순서"),
    "col.cash": _w("Cash", "현금"),
    "col.shares": _w("Shares issued", "발행 주식"),
    "col.income": _w("Income", "수입"),
    "col.loco": _w("Locomotive", "기관차"),
    "col.action": _w("Action", "행동"),
    "col.tiles": _w("Track tiles", "선로 타일"),
    "col.expenses": _w("Expenses", "비용"),
    "col.score": _w("Score", "점수"),
    "col.status": _w("In", "상태"),
    "score.income": _w("3 × income", "3 × 수입"),
    "score.shares": _w("−3 × shares issued", "−3 × 발행 주식"),
    "score.track": _w("Track tiles", "선로 타일"),
    "score.map": _w("Map", "지도"),
    "col.holder": _w("Taken by", "가져간 사람"),
    "account.line": _w("%(player)s: income %(income)s, expenses %(amount)s, paid %(paid)s, "
                       "short %(short)s; income now %(after)s",
                       "%(player)s: 수입 %(income)s, 비용 %(amount)s, 지불 %(paid)s, 부족 "
                       "%(short)s; 현재 수입 %(after)s"),
    # -- the table options (engine/age_of_steam/options.py) -----------------------------
    "option.auction": _w("Auction payments (5-6 players)", "경매 지불 (5-6인)"),
    "option.auction.half_rest": _w("Every place after the second pays half its bid, rounded up",
                                   "3위부터는 모두 입찰액의 절반(올림)을 냅니다"),
    "option.auction.half_second_out": _w("Only the second to drop out pays half; the others "
                                         "after the second pay in full",
                                         "두 번째로 빠진 사람만 절반을 내고, 3위 이하 나머지는 "
                                         "전액을 냅니다"),
    "option.auction.rule": _w("The first player to drop out pays nothing; the first and second "
                              "players pay their bid; everyone else pays half their bid, rounded "
                              "up. (Age of Steam quick reference)",
                              "처음 빠진 사람은 내지 않고, 1위와 2위는 입찰액을 내며, 나머지는 "
                              "입찰액의 절반(올림)을 냅니다. (에이지 오브 스팀 요약표)"),
    "option.reduction": _w("Income reduction", "수입 감소"),
    "option.reduction.after": _w("From the income after a shortfall", "부족분을 뺀 뒤의 수입 기준"),
    "option.reduction.before": _w("From the income before a shortfall", "부족분을 빼기 전 수입 기준"),
    "option.reduction.rule": _w("7 Pay expenses · 8 Income reduction (the phases in this order, "
                                "Age of Steam quick reference)",
                                "7 비용 지불 · 8 수입 감소 (이 순서의 페이즈, 에이지 오브 스팀 요약표)"),
    # -- the forms -------------------------------------------------------------------------
    "form.issue_shares": _w("Issue shares ($5 each)", "주식 발행 (장당 $5)"),
    "form.count": _w("How many", "몇 장"),
    "form.shares_after": _w("%(count)s: cash %(cash)s, %(shares)s shares out, expenses "
                            "%(expenses)s a turn",
                            "%(count)s장: 현금 %(cash)s, 발행 주식 %(shares)s장, 턴마다 비용 "
                            "%(expenses)s"),
    "fact.expenses": _w("Expenses a turn (shares + locomotive)", "턴마다 비용 (주식 + 기관차)"),
    "form.bid": _w("Bid", "입찰"),
    "form.amount": _w("Amount", "금액"),
    "form.drop_out": _w("Drop out (take place %(place)s)", "경매에서 빠지기 (%(place)s번째)"),
    "form.turn_order_pass": _w("Pass with the Turn Order Pass", "턴 순서 패스로 넘어가기"),
    "form.select_action": _w("Select an action", "행동 고르기"),
    "form.no_action": _w("Take no action (none is open)", "행동 없음 (고를 행동이 없음)"),
    "form.action": _w("Action", "행동"),
    "form.urbanize": _w("Urbanize: place a New City", "도시화: 새 도시 놓기"),
    "form.colour": _w("Colour", "색"),
    "form.build": _w("Build", "건설"),
    "form.kind": _w("What is built", "건설할 것"),
    "form.build_town": _w("Build a town tile ($1 + $1 a track exit)",
                          "마을 타일 건설 ($1 + 선로 출구당 $1)"),
    "form.exits": _w("Track exits", "선로 출구 수"),
    "form.build_done": _w("Done building", "건설 마치기"),
    "form.deliver": _w("Move a good over %(links)s link(s)", "물품 운송 (링크 %(links)s개)"),
    "form.good": _w("Good", "물품"),
    "form.link_owner": _w("Owner of link %(n)s", "%(n)s번째 링크의 소유자"),
    "route.links": _w("links %(links)s", "링크 %(links)s"),
    "form.raise_locomotive": _w("Raise the locomotive instead (to %(level)s)",
                                "대신 기관차 올리기 (%(level)s(으)로)"),
    "form.pass_move": _w("Move no good", "운송하지 않기"),
    "form.player": _w("Player", "플레이어"),
    "form.reason": _w("Reason", "이유"),
    "form.value": _w("New value", "새 값"),
    "form.correct_cash": _w("Correct cash", "현금 정정"),
    "form.correct_income": _w("Correct income", "수입 정정"),
    "form.correct_track": _w("Correct track tiles", "선로 타일 수 정정"),
    "form.correct_locomotive": _w("Correct locomotive", "기관차 정정"),
}

_ACTIONS_KO = {"first_move": "먼저 운송", "first_build": "먼저 건설", "engineer": "기술자",
               "locomotive": "기관차", "urbanization": "도시화", "production": "생산",
               "turn_order_pass": "턴 순서 패스"}
_COLOURS = {"red": ("red", "빨강"), "blue": ("blue", "파랑"), "yellow": ("yellow", "노랑"),
            "purple": ("purple", "보라"), "black": ("black", "검정")}
_KINDS_KO = {
    "plain": "평지 선로", "river": "강 선로", "mountain": "산 선로",
    "coexist_plain": "복합 타일, 공존, 평지", "coexist_river": "복합 타일, 공존, 강",
    "coexist_mountain": "복합 타일, 공존, 산", "cross_plain": "복합 타일, 교차, 평지",
    "cross_river": "복합 타일, 교차, 강", "cross_mountain": "복합 타일, 교차, 산",
    "replace": "단순 선로를 복합 타일로 교체", "redirect": "선로 방향 바꾸기",
    "town": "마을 타일", "ferry": "페리 링크",
    "north_plain": "북한: 평지", "north_mountain": "북한: 산",
    "south_plain": "남한: 평지", "south_mountain": "남한: 산",
}
_STEPS_KO = {
    "issue_shares": "주식 발행", "bid": "입찰", "drop_out": "경매에서 빠지기",
    "turn_order_pass": "턴 순서 패스로 넘어가기", "select_action": "행동 고르기",
    "no_action": "행동 없음", "urbanize": "도시화", "build": "건설", "build_done": "건설 마치기",
    "deliver": "물품 운송", "move_good": "물품 운송", "raise_locomotive": "기관차 올리기", "pass_move": "운송하지 않기",
    "correction": "정정", "undo": "되돌리기", "redo": "다시 하기",
}
_FIELDS_KO = {"count": "몇 장", "amount": "금액", "pick": "행동", "colour": "색",
              "kind": "건설할 것", "exits": "선로 출구 수", "links": "링크 수", "player": "플레이어",
              "value": "새 값", "reason": "이유", "crossing": "군사분계선 통과",
              "island": "도착지", "on": "원판 있음", "route": "링크", "link": "링크",
              "reaches": "도착", "region": "지역", "town": "마을", "owner": "소유자",
              "tiles": "선로 타일", "place": "장소", "name": "새 이름",
              "place_kind": "도시, 마을 또는 섬"}
_FIELDS_EN = {"crossing": "Across the demarcation line", "island": "Destination",
              "on": "Disc there"}
for _k, _en in STEPS.items():
    WORDS[f"step.{_k}"] = _w(_en, _STEPS_KO[_k])
for _k, _ko in _FIELDS_KO.items():
    WORDS[f"param.{_k}"] = _w(FIELD_NAMES.get(_k) or _FIELDS_EN[_k], _ko)
for _a, _en in ACTION_NAMES.items():
    WORDS[f"action.{_a}"] = _w(_en, _ACTIONS_KO[_a])
for _c, (_en, _ko) in _COLOURS.items():
    WORDS[f"colour.{_c}"] = _w(_en, _ko)
for _k, _en in KIND_NAMES.items():
    WORDS[f"kind.{_k}"] = _w(f"{_en} (%(cost)s)", f"{_KINDS_KO[_k]} (%(cost)s)")
    WORDS[f"kind.{_k}.name"] = _w(_en, _KINDS_KO[_k])

# -- the register of links (links.py, building.py, moving.py, accounts.py) --------------------
WORDS.update({
    "link_complete": _w("Link %(link)s of %(player)s is complete: %(name)s, %(tiles)s tile(s).",
                        "%(player)s 님의 링크 %(link)s 완성: %(name)s, 타일 %(tiles)s개."),
    "link_unfinished": _w("Link %(link)s of %(player)s is unfinished: %(name)s, %(tiles)s "
                          "tile(s).",
                          "%(player)s 님의 링크 %(link)s 미완성: %(name)s, 타일 %(tiles)s개."),
    "link_unowned": _w("Link %(link)s (%(name)s) was not extended this turn and has no owner "
                       "now.",
                       "링크 %(link)s(%(name)s)는 이번 턴에 연장되지 않아 이제 소유자가 "
                       "없습니다."),
    "link_unowned.board": _w("Take the owner's marker off the unfinished link.",
                             "미완성 링크에서 소유자 마커를 치우세요."),
    "delivered_route": _w("%(player)s moves a %(colour_name)s good: %(path)s. Income: "
                          "%(earned)s.",
                          "%(player)s 님이 물품(%(colour_name)s)을 운송합니다: %(path)s. "
                          "수입: %(earned)s."),
    "delivered_route.board": _w("Move the good to its city and take it off the board; move "
                                "the income markers.",
                                "물품을 도착 도시로 옮긴 뒤 보드에서 치우고, 수입 마커를 "
                                "옮기세요."),
    "corrected_register": _w("Correction by %(by)s: %(what)s (%(reason)s).",
                             "%(by)s 님의 정정: %(what)s (%(reason)s)."),
    # refusals
    "link_needed": _w("Say which link the tile is part of: an unfinished link to extend, or "
                      "the place a new link starts from.",
                      "타일이 속한 링크를 정하세요: 연장할 미완성 링크나 새 링크가 시작하는 "
                      "장소입니다."),
    "bad_reaches": _w("Say which place the link reaches, or that it stays unfinished.",
                      "링크가 닿는 장소를 정하거나 미완성으로 두세요."),
    "link_not_open": _w(
        ("Link %(link)s is not an unfinished link %(player)s may extend. %(player)s may extend "
         "link %(open)s, or name the place a new link starts from.",
         "Link %(link)s is not an unfinished link %(player)s may extend, and %(player)s has "
         "none to extend: name the place a new link starts from."),
        ("%(link)s번 링크는 %(player)s 님이 연장할 수 있는 미완성 링크가 아닙니다. 연장할 수 "
         "있는 링크: %(open)s. 또는 새 링크가 시작하는 장소 이름을 적으세요.",
         "%(link)s번 링크는 %(player)s 님이 연장할 수 있는 미완성 링크가 아닙니다. 연장할 수 "
         "있는 링크가 없으니 새 링크가 시작하는 장소 이름을 적으세요.")),
    "bad_new_place": _w(
        ("“%(name)s” is not a place's name: a new name starts with a letter or a digit and has "
         "at most 20 letters, digits, spaces and . ' # + -. The places named so far: "
         "%(places)s.",
         "“%(name)s” is not a place's name: a new name starts with a letter or a digit and has "
         "at most 20 letters, digits, spaces and . ' # + -."),
        ("“%(name)s”: 장소 이름이 아닙니다. 새 이름은 글자나 숫자로 시작하고, 글자, 숫자, "
         "공백과 . ' # + - 로 20자까지입니다. 지금까지의 장소: %(places)s.",
         "“%(name)s”: 장소 이름이 아닙니다. 새 이름은 글자나 숫자로 시작하고, 글자, 숫자, "
         "공백과 . ' # + - 로 20자까지입니다.")),
    "link_loop": _w("A link joins two places; it starts at %(name)s.",
                    "링크는 서로 다른 두 장소를 잇습니다. 이 링크는 %(name)s에서 시작합니다."),
    "bad_place": _w("A place's name is a word, not empty and not starting with #.",
                    "장소 이름은 비어 있지 않고 #로 시작하지 않아야 합니다."),
    "place_named": _w("%(name)s is named already.", "%(name)s(이)라는 장소가 이미 있습니다."),
    "town_reaches": _w("A town tile ends the link it extends: say which town it reaches.",
                       "마을 타일은 연장하는 링크를 끝냅니다: 닿는 마을을 정하세요."),
    "town_on_city": _w("%(name)s is not a town; a town tile goes on a town.",
                       "%(name)s(은)는 마을이 아닙니다. 마을 타일은 마을에 놓습니다."),
    "urbanize_town": _w("%(name)s is not a town; a New City goes on a town.",
                        "%(name)s(은)는 마을이 아닙니다. 새 도시는 마을에 놓습니다."),
    "bad_chain": _w("A chain is its links in order, each link's number with + (run from its "
                    "first place) or - (run back), e.g. 3+7-.",
                    "경로는 링크를 순서대로 적습니다: 링크 번호 뒤에 + (첫 장소에서 출발) 또는 "
                    "- (반대 방향), 예: 3+7-."),
    "chain_too_long": _w("The locomotive moves a good over at most %(level)s link(s), not "
                         "%(links)s.",
                         "기관차로는 링크 %(level)s개까지만 운송할 수 있습니다 (요청: "
                         "%(links)s개)."),
    "no_link": _w("There is no link %(link)s.", "링크 %(link)s(이)가 없습니다."),
    "chain_unfinished": _w("Link %(link)s (%(name)s) is unfinished: goods move over complete "
                           "links only.",
                           "링크 %(link)s(%(name)s)는 미완성입니다: 물품은 완성된 링크로만 "
                           "운송합니다."),
    "chain_broken": _w("Link %(link)s starts at %(at)s, not at %(end)s where the link before it "
                       "ends.",
                       "링크 %(link)s는 %(at)s에서 시작합니다. 앞 링크가 끝나는 %(end)s가 "
                       "아닙니다: 경로가 끊겼습니다."),
    "chain_place_twice": _w("The good would pass %(name)s twice.",
                            "물품이 %(name)s(을)를 두 번 지나게 됩니다."),
    "chain_start": _w("A good starts in a city; %(name)s is not one.",
                      "물품은 도시에서 출발합니다. %(name)s(은)는 도시가 아닙니다."),
    "chain_end": _w("A good ends in a city; %(name)s is not one.",
                    "물품은 도시에 도착합니다. %(name)s(은)는 도시가 아닙니다."),
    "no_place": _w("There is no place %(name)s on the register.",
                   "기록에 %(name)s(이)라는 장소가 없습니다."),
    "bad_place_kind": _w("A place is a city, a town or an island.",
                         "장소는 도시, 마을 또는 섬입니다."),
    "bad_region": _w("A place is in the North or the South.", "장소는 북쪽 또는 남쪽에 있습니다."),
    # the book and the forms
    "section.links": _w("Links on the board", "보드의 링크"),
    "col.link_from": _w("From", "출발"),
    "col.link_to": _w("To", "도착"),
    "col.owner": _w("Owner", "소유자"),
    "col.link_state": _w("State", "상태"),
    "col.track_scored": _w("Track tiles scored", "점수가 되는 선로 타일"),
    "link.to_none": _w("–", "–"),
    "link.state.complete": _w("complete", "완성"),
    "link.state.unfinished": _w("unfinished", "미완성"),
    "link.extend": _w("Extend link %(link)s: %(name)s (%(tiles)s tile(s))",
                      "링크 %(link)s 연장: %(name)s (타일 %(tiles)s개)"),
    "link.new_from": _w("A new link from %(name)s", "%(name)s에서 새 링크"),
    "link.not_yet": _w("No place yet: the link stays unfinished",
                       "아직 없음: 링크는 미완성으로 남음"),
    "link.name": _w("Link %(link)s: %(name)s", "링크 %(link)s: %(name)s"),
    "route.label": _w("%(path)s", "%(path)s"),
    "section.network": _w("The network", "철도망"),
    "network.link": _w(("Link %(link)s: %(a)s – %(b)s, %(player)s, %(tiles)s tile(s)",
                        "Link %(link)s: %(a)s – %(b)s, %(nobody)s, %(tiles)s tile(s)"),
                       ("링크 %(link)s: %(a)s – %(b)s, %(player)s, 타일 %(tiles)s개",
                        "링크 %(link)s: %(a)s – %(b)s, 소유자 %(nobody)s, 타일 %(tiles)s개")),
    "network.link_unfinished": _w(
        ("Link %(link)s: from %(a)s, unfinished, %(player)s, %(tiles)s tile(s)",
         "Link %(link)s: from %(a)s, unfinished, %(nobody)s, %(tiles)s tile(s)"),
        ("링크 %(link)s: %(a)s에서 출발, 미완성, %(player)s, 타일 %(tiles)s개",
         "링크 %(link)s: %(a)s에서 출발, 미완성, 소유자 %(nobody)s, 타일 %(tiles)s개")),
    "form.link": _w("Link (or a new place it starts from)", "링크 (또는 새 링크의 출발 장소)"),
    "form.reaches": _w("Reaches (a place, or a new name)", "도착 (장소 또는 새 이름)"),
    "form.town": _w("On the town", "놓을 마을"),
    "form.move_good": _w("Move a good", "물품 운송"),
    "form.route": _w("Links, from the good's city", "링크 (물품이 있는 도시부터)"),
    "form.correct_link_owner": _w("Correct a link's owner", "링크 소유자 정정"),
    "form.correct_link_tiles": _w("Correct a link's track tiles", "링크의 선로 타일 수 정정"),
    "form.correct_link_reaches": _w("Correct where a link reaches", "링크 도착지 정정"),
    "form.correct_place_name": _w("Correct a place's name", "장소 이름 정정"),
    "form.correct_place_kind": _w("Correct a place: city, town or island",
                                  "장소 정정: 도시, 마을 또는 섬"),
    "form.correct_place_region": _w("Correct a place's half (North or South)",
                                    "장소의 지역 정정 (북쪽 또는 남쪽)"),
    "form.link_corrected": _w("Link", "링크"),
    "form.owner": _w("Owner", "소유자"),
    "form.tiles": _w("Track tiles", "선로 타일"),
    "form.reaches_corrected": _w("Reaches", "도착"),
    "form.place": _w("Place", "장소"),
    "form.place_name": _w("New name", "새 이름"),
    "form.place_kind": _w("City, town or island", "도시, 마을 또는 섬"),
    "form.region": _w("North or South", "북쪽 또는 남쪽"),
    "place.city": _w("city", "도시"),
    "place.town": _w("town", "마을"),
    "place.island": _w("island", "섬"),
    "region.north": _w("North", "북쪽"),
    "region.south": _w("South", "남쪽"),
    "region.tile": _w("As the tile says", "타일대로"),
    "score.track_completed": _w("Track tiles in completed links", "완성된 링크의 선로 타일"),
    "score.track_owned": _w("Track tiles owned", "소유한 선로 타일"),
    "option.track": _w("Track at scoring", "점수 계산의 선로"),
    "option.track.completed": _w("Only track in completed links", "완성된 링크의 선로만"),
    "option.track.owned": _w("Every track tile the player owns", "플레이어가 소유한 모든 선로 "
                             "타일"),
    "option.track.rule": _w("1 VP / section of track that is part of Completed Link (Age of "
                            "Steam quick reference)",
                            "완성된 링크에 속한 선로 구간마다 1 승점 (에이지 오브 스팀 "
                            "요약표)"),
})

# why the game ended (``engine.game`` game_end_reason), said on the scores page
WORDS["end_reason.turns"] = _w("the last turn was played", "마지막 턴 종료")
WORDS["end_reason.all_out"] = _w("every player was eliminated", "모든 플레이어 탈락")
