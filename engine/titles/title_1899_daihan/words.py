"""The words of 1899 DAIHAN (en + ko): its events, refusals, entries and the book's labels.
Korean templates put particles after fixed words, never after a name."""
from __future__ import annotations

from engine.titles.title_1899_daihan import data as D
from engine.words import en_ko as _w

PARAMS = {
    "player": "player", "company": "company", "corporation": "company", "price": "money",
    "amount": "money", "revenue": "money", "old_price": "money", "cost": "money",
    "min": "money", "max": "money", "step": "money", "need": "money", "spaces": "count",
    "count": "count", "limit": "count", "allowed": "count", "bought": "percent",
    "percent": "percent", "train": "train", "trains": "list", "hex": "hex", "home": "hex",
    "tile": "tile", "old_tile": "tile", "resource": "text",
    "token": "text", "goods": "count", "each": "money",
    "companies": "list", "terrain": "text", "up": "company", "type": "text", "revenue_max": "money",
}




WORDS = {
    # -- events ------------------------------------------------------------------------------
    "bid": _w("%(player)s bids %(price)s for %(company)s.",
              "%(player)s 님이 %(company)s 회사에 %(price)s 입찰합니다."),
    "auction_pass": _w("%(player)s passes on %(company)s.",
                       "%(player)s 님이 %(company)s 회사 경매에서 빠집니다."),
    "private_discounted": _w("Nobody bids: %(company)s now costs %(price)s; the auction "
                             "restarts with %(player)s.",
                             "아무도 입찰하지 않았습니다: %(company)s 회사의 가격이 %(price)s(으)로 "
                             "내려가고 %(player)s 님부터 경매를 다시 시작합니다."),
    "private_bought": _w("%(player)s buys %(company)s for %(price)s.",
                         "%(player)s 님이 %(company)s 회사를 %(price)s에 삽니다."),
    "private_bought.board": _w("Give %(player)s the %(company)s card.",
                               "%(player)s 님에게 %(company)s 카드를 주세요."),
    "park_exchanged": _w("%(player)s exchanges Park Ki-jong for a %(corporation)s IPO share.",
                         "%(player)s 님이 박기종 카드를 %(corporation)s IPO 주식 한 주와 "
                         "교환합니다."),
    "park_exchanged.board": _w("Remove the Park Ki-jong card; give %(player)s a "
                               "%(corporation)s share from the IPO.",
                               "박기종 카드를 치우고 %(player)s 님에게 IPO의 %(corporation)s "
                               "주식 한 주를 주세요."),
    "unfloated_moves_left": _w("%(corporation)s has not floated: its price moves from "
                               "%(old_price)s to %(price)s.",
                               "%(corporation)s 회사는 설립되지 않았습니다: 주가가 %(old_price)s에서 "
                               "%(price)s(으)로 움직입니다."),
    "unfloated_moves_left.board": _w("Move %(corporation)s's market marker to %(price)s.",
                                     "%(corporation)s 회사의 주가 마커를 %(price)s(으)로 "
                                     "옮기세요."),
    "kyeongin_paid": _w("Kyeongin Railway Co. runs for %(revenue)s: %(player)s receives "
                        "%(amount)s, the rest stays in the bank.",
                        "경인철도회사가 %(revenue)s 수익을 냅니다: %(player)s 님이 %(amount)s"
                        "을(를) 받고 나머지는 은행에 남습니다."),
    "kyeongin_paid.board": _w("Give %(player)s %(amount)s from the bank.",
                              "은행에서 %(player)s 님에게 %(amount)s을(를) 주세요."),
    "kyeongin_paid_again": _w("Kyeongin Railway Co. runs Hanseong-Incheon for %(revenue)s "
                              "again (its tiles and the phase are as when it was entered): "
                              "%(player)s receives %(amount)s, the rest stays in the bank.",
                              "경인철도회사가 다시 한성-인천을 달려 %(revenue)s 수익을 냅니다 "
                              "(타일과 페이즈가 입력했을 때와 같음): %(player)s 님이 %(amount)s"
                              "을(를) 받고 나머지는 은행에 남습니다."),
    "kyeongin_paid_again.board": _w("Give %(player)s %(amount)s from the bank.",
                                    "은행에서 %(player)s 님에게 %(amount)s을(를) 주세요."),
    "kyeongin_paid_back": _w("%(player)s gives back the %(amount)s Kyeongin paid again.",
                             "%(player)s 님이 경인이 다시 번 %(amount)s을(를) 돌려줍니다."),
    "kyeongin_paid_back.board": _w("%(player)s gives %(amount)s back to the bank.",
                                   "%(player)s 님은 은행에 %(amount)s을(를) 돌려주세요."),
    "kyeongin_rusted": _w("Kyeongin Railway Co.'s 2-train rusts: the company earns nothing "
                          "more.", "경인철도회사의 2열차가 폐차됩니다: 더 이상 수익이 없습니다."),
    "kyeongin_rusted.board": _w("Remove the 2-train from the Kyeongin card.",
                                "경인 카드에서 2열차를 치우세요."),
    "kyeongin_station_removed": _w("Kyeongin Railway Co. was never sold: its station leaves "
                                   "Incheon.", "경인철도회사가 팔리지 않았습니다: 인천의 역이 "
                                   "제거됩니다."),
    "kyeongin_station_removed.board": _w("Remove the Kyeongin station token from Incheon.",
                                         "인천에서 경인 역 토큰을 치우세요."),
    "kyeongin_converted": _w("%(corporation)s takes over Kyeongin's station in Incheon.",
                             "%(corporation)s 회사가 인천의 경인 역을 인수합니다."),
    "kyeongin_converted.board": _w("Replace the Kyeongin station in Incheon with a "
                                   "%(corporation)s token; give %(corporation)s the 2-train "
                                   "card if it keeps it.",
                                   "인천의 경인 역을 %(corporation)s 토큰으로 바꾸고, 열차 한도 "
                                   "안이면 2열차 카드를 %(corporation)s 회사에 주세요."),
    "private_discarded": _w("%(company)s is discarded after its sale to %(corporation)s.",
                            "%(company)s 카드는 %(corporation)s 회사에 팔린 뒤 버려집니다."),
    "private_discarded.board": _w("Remove the %(company)s card from play.",
                                  "%(company)s 카드를 게임에서 치우세요."),
    "privates_closed_phase5": _w("Phase 5: the private companies still held are discarded.",
                                 "5페이즈: 아직 남은 사기업이 모두 버려집니다."),
    "privates_closed_phase5.board": _w("Remove those private company cards from play.",
                                       "그 사기업 카드들을 게임에서 치우세요."),
    "warn.executive_car": _w("%(corporation)s pays %(price)s for the car, from its treasury.",
                             "%(corporation)s이(가) 자기 자금에서 객차 값 %(price)s을(를) 냅니다."),
    "hanseong_green": _w(("Seoul Tram is gone: Hanseong is upgraded to green (tile #%(tile)s).",
                          "Seoul Tram is gone: Hanseong is upgraded to green."),
                         ("서울전차가 없어졌습니다: 한성을 초록 타일(#%(tile)s)로 업그레이드합니다.",
                          "서울전차가 없어졌습니다: 한성을 초록 타일로 업그레이드합니다.")),
    "hanseong_green.board": _w("Put a green city tile on Hanseong now.",
                               "지금 한성에 초록 도시 타일을 놓으세요."),
    "resource_track_due": _w("%(corporation)s now lays one free track on an empty "
                             "%(resource)s joined to its track and puts the %(token)s token "
                             "there.", "%(corporation)s 회사가 자기 선로와 이어진 빈 자원 헥스"
                             "(%(resource)s)에 무료 선로 하나를 놓고 토큰(%(token)s)을 둡니다."),
    "resource_token": _w("%(corporation)s puts the %(token)s token on %(hex)s.",
                         "%(corporation)s 회사가 %(hex)s 헥스에 토큰(%(token)s)을 둡니다."),
    "resource_token.board": _w("Put the %(token)s token on the new tile at %(hex)s.",
                               "%(hex)s 헥스의 새 타일에 토큰(%(token)s)을 놓으세요."),
    "resource_track_skipped": _w("%(corporation)s lays no free track for %(company)s.",
                                 "%(corporation)s 회사는 %(company)s 회사의 무료 선로를 놓지 "
                                 "않습니다."),
    "car_bought": _w(("%(corporation)s attaches an executive car to its %(train)s-train "
                      "no. %(n)s for %(price)s.",
                      "%(corporation)s attaches an executive car to its %(train)s-train for "
                      "%(price)s."),
                     ("%(corporation)s 회사가 %(train)s열차 %(n)s번에 임원 객차를 %(price)s에 "
                      "붙입니다.",
                      "%(corporation)s 회사가 %(train)s열차에 임원 객차를 %(price)s에 붙입니다.")),
    "car_bought.board": _w(("Put an executive car on %(corporation)s's %(train)s-train no. "
                            "%(n)s.", "Put an executive car on %(corporation)s's "
                            "%(train)s-train."),
                           ("%(corporation)s 회사의 %(train)s열차 %(n)s번에 임원 객차를 놓으세요.",
                            "%(corporation)s 회사의 %(train)s열차에 임원 객차를 놓으세요.")),
    "cars_returned": _w("Executive cars return to the supply (%(count)s).",
                        "임원 객차가 공급처로 돌아갑니다 (%(count)s개)."),
    "cars_returned.board": _w("Put those executive cars back in the supply.",
                              "그 임원 객차들을 공급처로 돌려놓으세요."),
    "goods_delivered": _w(("%(corporation)s carries %(count)s set(s) of goods to their "
                           "collection points for %(amount)s (%(each)s each).",
                           "%(corporation)s carries %(count)s set(s) of goods to their "
                           "collection points for %(amount)s."),
                          ("%(corporation)s 회사가 화물 %(count)s개를 집하 지점까지 운송해 "
                           "%(amount)s을(를) 법니다 (개당 %(each)s).",
                           "%(corporation)s 회사가 화물 %(count)s개를 집하 지점까지 운송해 "
                           "%(amount)s을(를) 법니다.")),
    "goods_delivered.board": _w("Count %(amount)s for the goods in %(corporation)s's revenue "
                                "on the revenue board.",
                                "수익 보드의 %(corporation)s 회사 수익에 화물 몫 %(amount)s을(를) "
                                "더하세요."),
    "d_bump": _w("%(corporation)s bought its D-train from its treasury: its price moves "
                 "%(spaces)s space(s), from %(old_price)s to %(price)s.",
                 "%(corporation)s 회사가 자기 자금으로 D열차를 샀습니다: 주가가 %(spaces)s칸, "
                 "%(old_price)s에서 %(price)s(으)로 오릅니다."),
    "d_bump.board": _w("Move %(corporation)s's market marker to %(price)s.",
                       "%(corporation)s 회사의 주가 마커를 %(price)s(으)로 옮기세요."),
    "game_end_d": _w("The first D-train is bought: the game ends after this set of operating "
                     "rounds.", "첫 D열차가 팔렸습니다: 이번 운영 라운드 묶음이 끝나면 게임이 "
                     "끝납니다."),
    "game_end_d.board": _w("Play out this set of operating rounds.",
                           "이번 운영 라운드 묶음을 끝까지 진행하세요."),
    "trains_scrapped": _w("%(corporation)s is over the train limit of %(limit)s and scraps "
                          "its cheapest train(s).", "%(corporation)s 회사가 열차 한도 %(limit)s"
                          "대를 넘어 가장 싼 열차를 폐기합니다."),
    "trains_scrapped.board": _w("Remove %(corporation)s's scrapped train(s) from the game.",
                                "%(corporation)s 회사의 폐기된 열차를 게임에서 치우세요."),
    "bankrupt_daihan": _w("%(player)s cannot pay for %(corporation)s's train and is "
                          "bankrupt: the game ends now.", "%(player)s 님이 %(corporation)s "
                          "회사의 열차 값을 낼 수 없어 파산합니다: 게임이 지금 끝납니다."),
    "bankrupt_daihan.board": _w("Stop: the game is over.", "멈추세요: 게임이 끝났습니다."),
    # -- refusals ----------------------------------------------------------------------------
    "not_auction_action": _w("In the private auction you may bid or pass.",
                             "사기업 경매에서는 입찰하거나 패스할 수 있습니다."),
    "exchange_first": _w("Park Ki-jong is exchanged at the start of a turn, before selling or "
                         "buying.", "박기종은 차례 처음, 팔거나 사기 전에 교환합니다."),
    "park_share": _w("Park Ki-jong exchanges for a Buha Railroad or Yeongnam Railway share "
                     "only.", "박기종은 부하철도나 영남철도 주식하고만 교환합니다."),
    "park_not_for_sale": _w("Park Ki-jong is never sold to a company; it is exchanged for a "
                            "share.", "박기종은 회사에 팔 수 없고 주식과 교환합니다."),
    "sold_bought_this_round": _w("Shares bought in this stock round cannot be sold in it "
                                 "(%(bought)s of %(corporation)s bought now).",
                                 "이번 주식 라운드에 산 주식은 이번 라운드에 팔 수 없습니다 "
                                 "(이번에 산 %(corporation)s 주식 %(bought)s)."),
    "sale_cannot_cover": _w("Selling every share allowed would still not pay for the train: "
                            "the president goes bankrupt instead.",
                            "팔 수 있는 주식을 모두 팔아도 열차 값이 모자랍니다: 사장이 대신 "
                            "파산합니다."),
    "hex_name": _w("Name the hex: a city's name or the board's coordinate (at most 30 "
                   "characters).", "헥스 이름을 적으세요: 도시 이름이나 보드 좌표 (30자 이내)."),
    "terrain": _w("The hex is plain, or mountain or river.",
                  "헥스는 평지이거나 산·강입니다."),
    "hanseong_blocked": _w("Hanseong is not upgraded while Seoul Tram is held by a player.",
                           "서울전차를 플레이어가 가진 동안 한성은 업그레이드할 수 없습니다."),
    "not_an_upgrade": _w("#%(tile)s is no upgrade of #%(old_tile)s on %(hex)s.",
                         "%(hex)s 헥스의 #%(old_tile)s 타일은 #%(tile)s(으)로 업그레이드할 수 "
                         "없습니다."),
    "yellow_first": _w("An empty hex takes a yellow tile, not #%(tile)s.",
                       "빈 헥스에는 노랑 타일만 놓을 수 있습니다 (#%(tile)s 불가)."),
    "wrong_feature": _w("%(hex)s is a city: it takes a city tile (5, 6, 57).",
                        "%(hex)s 헥스는 도시입니다: 도시 타일(5, 6, 57)만 놓습니다."),
    "resource_built": _w("The free track goes on an empty %(resource)s, not on %(hex)s, "
                         "which has track.", "무료 선로는 빈 자원 헥스(%(resource)s)에 놓습니다. "
                         "%(hex)s 헥스에는 이미 선로가 있습니다."),
    "home_first": _w("%(corporation)s's home %(home)s is empty: its track goes there first.",
                     "%(corporation)s 회사의 출발지 %(home)s 헥스가 비어 있습니다: 먼저 그곳에 "
                     "선로를 놓습니다."),
    "no_stations_left": _w("%(corporation)s may place %(allowed)s stations and has placed "
                           "them all.", "%(corporation)s 회사는 역을 %(allowed)s개까지 놓을 수 "
                           "있고 모두 놓았습니다."),
    "home_station_this_round": _w("%(corporation)s's station this round is its free home "
                                  "station; more stations come in later operating rounds.",
                                  "%(corporation)s 회사의 이번 라운드 역은 무료 출발역입니다. 다른 "
                                  "역은 다음 운영 라운드부터 놓습니다."),
    "city_full": _w("Every station space in %(hex)s is taken.",
                    "%(hex)s 헥스의 역 자리가 모두 찼습니다."),
    "home_reserved": _w("The last space in %(hex)s is kept for the company whose home it is.",
                        "%(hex)s 헥스의 마지막 자리는 그곳이 출발지인 회사를 위해 남겨 둡니다."),
    "d_not_yet": _w("A D-train is sold only after a 6-train has been sold.",
                    "D열차는 6열차가 팔린 뒤에만 살 수 있습니다."),
    "car_there": _w("That %(train)s-train already has an executive car.",
                    "%(train)s 열차에는 이미 임원 객차가 있습니다."),
    "no_cars_left": _w("All 12 executive cars are on trains.",
                       "임원 객차 12개가 모두 열차에 붙어 있습니다."),
    "cannot_afford_car": _w("The company cannot pay %(price)s for an executive car.",
                            "회사가 임원 객차 값 %(price)s을(를) 낼 수 없습니다."),
    "goods_count": _w("Goods delivered: a whole number from 0 to 12.",
                      "운송한 화물: 0에서 12 사이의 정수."),
    "kyeongin_first": _w("Kyeongin Railway Co.'s run is entered first, before the companies "
                         "operate.", "회사들이 운영하기 전에 경인철도회사의 수익을 먼저 "
                         "입력합니다."),
    "kyeongin_done": _w("Kyeongin's run is entered once, at the start of the operating round.",
                        "경인 수익은 운영 라운드 처음에 한 번만 입력합니다."),
    "kyeongin_revenue": _w("Kyeongin's run is a whole number of won from 0 to 500.",
                           "경인 수익은 0에서 500원 사이의 정수입니다."),
    "no_station_for_kyeongin": _w("%(corporation)s has no station left to take over "
                                  "Kyeongin's station in Incheon.",
                                  "%(corporation)s 회사에는 인천의 경인 역을 인수할 역이 남아 "
                                  "있지 않습니다."),
    "no_free_track": _w("The company has no free track to lay.",
                        "회사가 놓을 무료 선로가 없습니다."),
    "resource_track_first": _w("%(corporation)s first lays its free track from %(company)s "
                               "(or skips it).", "%(corporation)s 회사는 먼저 %(company)s "
                               "회사의 무료 선로를 놓거나 건너뜁니다."),
    # -- entries ------------------------------------------------------------------------------
    "act.auction_pass": _w("Pass on %(company)s", "%(company)s 경매에서 패스"),
    "act.buy_executive_car": _w("Buy an executive car (%(price)s)", "임원 객차 사기 (%(price)s)"),
    "act.kyeongin_run": _w("Enter Kyeongin's Hanseong-Incheon run",
                           "경인의 한성-인천 수익 입력"),
    "act.park_exchange": _w("Exchange Park Ki-jong for an IPO share",
                            "박기종을 IPO 주식과 교환"),
    "act.resource_track": _w("Lay the free track on a %(resource)s",
                             "자원 헥스(%(resource)s)에 무료 선로 놓기"),
    "act.skip_resource_track": _w(("No empty %(resource)s can be reached: skip the free track",
                                   "Skip the free track (no empty resource hex to reach)"),
                                  ("닿을 수 있는 빈 자원 헥스(%(resource)s)가 없음: 무료 선로 "
                                   "건너뛰기", "무료 선로 건너뛰기 (닿을 수 있는 빈 자원 헥스 없음)")),
    "word.mountain_river": _w("mountain or river (₩80)", "산·강 (₩80)"),
    "field.kyeongin_why": _w("Asked again", "다시 묻는 이유"),
    "field.kyeongin_changed": _w("Hanseong's or Incheon's tile or the phase has changed since "
                                 "it ran for %(revenue)s",
                                 "%(revenue)s 수익을 낸 뒤 한성이나 인천의 타일, 또는 페이즈가 "
                                 "바뀌었습니다"),
    "field.goods_value": _w("Each goods delivery", "화물 1회 운송"),
    "field.goods_rule": _w("Goods", "화물"),
    "field.goods_how": _w("a set counts when a train passes a tile with a goods token and "
                          "reaches a port or border with its collection point: %(amount)s "
                          "each, each set to one collection point; with an executive car it "
                          "counts even where that stop earns nothing",
                          "열차가 화물 토큰이 있는 타일을 지나 그 화물의 집하 지점이 있는 항구나 "
                          "국경에 닿으면 한 개로 셉니다: 개당 %(amount)s, 화물 하나는 집하 지점 "
                          "한 곳에만; 임원 객차가 붙은 열차는 그 정거장에서 수익을 내지 않아도 "
                          "운송으로 칩니다"),
    "param.goods_carried": _w("Sets of goods carried (%(amount)s each)",
                              "운송한 화물 수 (개당 %(amount)s)"),
    "field.cars": _w("With an executive car", "임원 객차가 붙은 열차"),
    "train.nth": _w("%(kind)s-train no. %(n)s", "%(kind)s열차 %(n)s번"),
    "train.nth_car": _w("%(kind)s-train no. %(n)s with an executive car",
                        "임원 객차가 붙은 %(kind)s열차 %(n)s번"),
    "train.with_car": _w("%(kind)s-train with an executive car", "임원 객차가 붙은 %(kind)s열차"),
    "option.executive_car_price": _w("Price of an executive car", "임원 객차 가격"),
    "note.provisional_box": _w("provisional: check your box", "임시 값: 게임 상자를 확인하세요"),
    "option.goods_values": _w("Goods per delivery in phases 2, 3, 4, 5, 6, D",
                              "페이즈 2, 3, 4, 5, 6, D의 화물 1회 운송 수익"),
    "option.market": _w("Stock market rows (top first; 'p': a par price)",
                        "주식 시장 줄 (위에서부터; 'p': 액면가)"),
    "option.homes": _w("Home cities of the companies", "회사의 출발 도시"),
    "note.provisional_car": _w("provisional: no source gives it", "임시 값: 출처 없음"),
    # -- the book ---------------------------------------------------------------------------
    "round.daihan_auction": _w("Private auction: %(company)s", "사기업 경매: %(company)s"),
    "book.players": _w("Players", "플레이어"),
    "book.auction": _w("Private auction", "사기업 경매"),
    "book.up_for_auction": _w("Up for auction", "경매 중"),
    "book.auction_price": _w("Face value now", "현재 액면가"),
    "book.still_to_come": _w("Still to come", "남은 사기업"),
    "book.high_bid": _w("High bid", "최고 입찰"),
    "book.high_bidder": _w("by %(player)s", "%(player)s 님"),
    "book.passed_on_it": _w("Passed on it", "패스한 플레이어"),
    "book.daihan_rules": _w("Cars, goods and homes", "임원 객차, 화물, 출발지"),
    "book.cars_left": _w("Executive cars left", "남은 임원 객차"),
    "book.car_price": _w("Executive car price", "임원 객차 가격"),
    "book.goods_value": _w("Goods per delivery", "화물 1회 운송 수익"),
    "book.cars_on": _w("Trains with a car", "임원 객차가 붙은 열차"),
    "book.car_on": _w("%(corporation)s: %(kind)s-train", "%(corporation)s: %(kind)s열차"),
    "book.car_on_nth": _w("%(corporation)s: %(kind)s-train no. %(n)s",
                          "%(corporation)s: %(kind)s열차 %(n)s번"),
    "book.kyeongin_train": _w("Kyeongin's 2-train", "경인의 2열차"),
    "book.kyeongin_runs": _w("runs Hanseong-Incheon", "한성-인천 운행"),
    "book.hanseong": _w("Hanseong", "한성"),
    "book.hanseong_blocked": _w("no upgrade while Seoul Tram is held",
                                "서울전차가 남아 있는 동안 업그레이드 불가"),
    "book.game_end": _w("Game end", "게임 종료"),
    "book.end_after_set_d": _w("after this set (a D-train was bought)",
                               "이번 묶음 뒤 (D열차 구입)"),
    "book.homes": _w("Home cities", "출발 도시"),
    "book.provisional": _w("provisional", "임시 값"),
    "book.provisional_title": _w("Provisional values (correct them if your box differs)",
                                 "임시 값 (게임 상자와 다르면 정정하세요)"),
}

_PROV_KO = {
    "market": "2차원 배치는 임시; 25개 값은 계산기 앱 데이터",
    "executive_car_price": "₩50 임시: 출처 없음",
    "corporations": "이름은 계산기 앱 데이터; 출발 도시는 임시 (맞는 곳은 팬 재구성 데이터)",
    "train_counts": "2×6, 3×5, 4×4, 5×3, 6×2, D×8 (팬 재구성 데이터)",
    "train_prices": "80/180/300/450/630, D ₩1,100 (계산기 앱 데이터; 폐기 시 ₩800은 규칙서)",
    "three_train_rust": "3열차는 5페이즈에 폐차: 팬 재구성 데이터",
    "phases": "열차 한도 4/4/3/2/2/2, 묶음당 운영 라운드 1/2/2/3/3/3, 타일 색: 팬 재구성 데이터",
    "goods": "화물 1회 ₩20/30/40/60/80/80 (페이즈 2/3/4/5/6/D, 값은 계산기 앱 데이터)",
    "d_bump": "자기 자금 D열차: 운영 라운드 1/2/3에서 오른쪽 1/2/3칸",
    "tiles": "7, 8, 9, 3, 4 외 타일 수와 업그레이드: 표준 18xx",
    "city_slots": "도시마다 역 자리 1개, 한성은 2개",
    "kyeongin_run": "경인의 수익은 처음 달릴 때와 한성·인천의 타일이나 페이즈가 바뀐 뒤에만 "
                    "테이블이 입력 (처음 기본 ₩40); 그 밖에는 지난번과 같은 수익",
    "privates_close": "플레이어가 가진 사기업은 5페이즈에 버려짐",
}
_PROV_LABEL_KO = {
    "market": "주식 시장", "executive_car_price": "임원 객차 가격", "corporations": "회사",
    "train_counts": "열차 수", "train_prices": "열차 가격", "three_train_rust": "3열차 폐차",
    "phases": "페이즈", "goods": "화물", "d_bump": "D열차 주가 상승", "tiles": "타일",
    "city_slots": "역 자리", "kyeongin_run": "경인 수익", "privates_close": "사기업 폐기",
}
PROV_LABEL_EN = {
    "market": "Stock market", "executive_car_price": "Executive car's price",
    "corporations": "Companies", "train_counts": "Trains for sale", "train_prices": "Train prices",
    "three_train_rust": "When 3-trains rust", "phases": "Phases", "goods": "Goods",
    "d_bump": "A treasury D-train's price move", "tiles": "Tiles", "city_slots": "Station spaces",
    "kyeongin_run": "Kyeongin's revenue", "privates_close": "Privates closing",
}
for _k, _v in D.PROVISIONAL.items():
    WORDS[f"prov.{_k}"] = _w(_v, _PROV_KO[_k])
    WORDS[f"book.prov.{_k}"] = _w(PROV_LABEL_EN[_k], _PROV_LABEL_KO[_k])
for _p in D.PHASES:
    WORDS[f"word.{_p['name']}"] = _w(_p["name"], _p["name"])

for _t in D.TRAINS:
    _n = _t["name"]
    WORDS[f"option.train_{_n}_price"] = _w(f"Price of a {_n}-train", f"{_n}열차 가격")
    WORDS[f"option.train_{_n}_count"] = _w(
        f"Number of {_n}-trains for sale" + (" (one more lies on Kyeongin)" if _n == "2"
                                            else ""),
        f"판매할 {_n}열차 수" + (" (경인에 1대 더)" if _n == "2" else ""))

# the names the engine shows as they are (``companion.present.plain``): companies, private
# companies, cities and the goods of the resource cards
NAMES = {
    "Daihan Railway": "대한철도", "Gyeongbu Railway": "경부철도", "Pyeongyang Railroad": "평양철도",
    "Buha Railroad": "부하철도", "Honam Railway": "호남철도", "Yeongnam Railway": "영남철도",
    "Fives Lille": "피브릴", "Russia Railway": "러시아철도",
    "Seoul Tram": "서울전차", "Grain Export Association": "곡물수출조합",
    "Mining Partnership Co.": "광업합자회사", "Joseon Mining Company": "조선광업회사",
    "Ginseng Public Company": "인삼공사", "Park Ki-jong": "박기종",
    "Kyeongin Railway Co.": "경인철도회사",
    "Hanseong": "한성", "Incheon": "인천", "Busan": "부산", "Pyongyang": "평양", "Wonsan": "원산",
    "Daejeon": "대전", "Daegu": "대구", "Kaesong": "개성", "Sinuiju": "신의주",
    "paddy field": "논", "mill": "정미소", "coal seam": "탄층", "coal mine": "탄광",
    "gold vein": "금맥", "gold mine": "금광", "ginseng field": "인삼밭", "red ginseng": "홍삼",
}
WORDS.update({f"text.{en}": _w(en, ko) for en, ko in NAMES.items()})
WORDS["param.goods"] = _w("Goods", "화물")
WORDS["param.terrain"] = _w("Terrain", "지형")
WORDS["book.home_city"] = _w("%(company)s: %(city)s", "%(company)s: %(city)s")
