"""The view the phones read: the whole state as JSON."""
import json

from tests.engine.helpers_1888n import act, opened
from tests.engine.legal_shape import fixed


def test_view_is_json_and_holds_the_book():
    g = opened()
    act(g, "lay_tile", "LYR", hex="G15", tile="9", rotation=0)
    act(g, "buy_train", "LYR", train="2-0", price=80)
    v = json.loads(json.dumps(g.view()))
    assert v["title"] == "1888-N" and v["currency"] == "¥" and v["round"] == "operating"
    assert v["phase"] == "2" and v["train_limit"] == 4 and v["tiles"] == ["yellow"]
    lyr = v["corporations"]["LYR"]
    assert lyr["president"] == "3" and lyr["trains"] == ["2-0"] and lyr["ipo"] == 40
    assert v["tiles_laid"] == {"G15": {"tile": "9", "rotation": 0}}
    r, c = lyr["market"]
    assert v["market"]["markers"] == {f"{r},{c}": ["LYR"]}
    assert v["market"]["prices"][r][c] == lyr["price"] == 90
    assert v["market"]["zones"]["5,0"] == ["no_cert_limit"]
    assert v["player_state"]["3"]["shares"] == {"LYR": 30}
    assert v["companies"]["KT"]["owner"] == "1"
    assert v["operating_order"] == ["LYR"]
    assert sum(p["cash"] for p in v["player_state"].values()) + v["bank"] + sum(
        c["cash"] for c in v["corporations"].values()) == 9000


def test_legal_actions_are_json_forms():
    g = opened()
    legal = json.loads(json.dumps(g.legal_actions()))
    kinds = {a["type"] for a in legal}
    assert {"lay_tile", "buy_train", "undo"} <= kinds
    assert "place_token" not in kinds          # LYR's track reaches no city but its home
    train = next(a for a in legal if a["type"] == "buy_train")
    assert fixed(train) == {"type": "buy_train", "entity": "LYR", "train": "2-0", "price": 80}
    assert train["params"] == {} and train["label"]["code"] == "act.buy_train"
