"""Korean particles chosen by the final consonant (받침) of the word before them
(``companion.i18n.particles``), applied once a message's words are filled in."""
import pytest

from companion.i18n import final_consonant, particle, particles


@pytest.mark.parametrize("word, final", [
    ("지호", ""), ("민준", "ㄴ"), ("서울", "ㄹ"), ("부산", "ㄴ"), ("회사", ""),
    ("0", "ㅇ"), ("1", "ㄹ"), ("2", ""), ("3", "ㅁ"), ("4", ""), ("5", ""), ("6", "ㄱ"),
    ("7", "ㄹ"), ("8", "ㄹ"), ("9", ""), ("10", "ㅂ"), ("100", "ㄱ"), ("1000", "ㄴ"),
    ("10000", "ㄴ"), ("₩30", "ㅂ"), ("¥25", ""), ("₩1,200", "ㄱ"), ("$220", "ㅂ"), ("£5", ""),
    ("₩1,000", "ㄴ"), ("30%", ""),
    ("KT", ""), ("LYR", "ㄹ"), ("WSR", "ㄹ"), ("JHR", "ㄹ"), ("SM", "ㅁ"), ("AN", "ㄴ"),
    ("Bo", ""), ("Ann", "ㄴ"), ("Tramway", ""), ("Hanseong", "ㅇ"), ("Jack", "ㄱ"),
    ("Bob", "ㅂ"), ("Kaiping Tramway", ""),
    ("KT (Kaiping Tramway)", ""), ("LYR (Lung Yang)", "ㄹ"), ("지호 (1번)", ""),
    ("", None), ("✓", None),
])
def test_the_final_consonant_is_read_as_koreans_say_the_word(word, final):
    assert final_consonant(word) == final


@pytest.mark.parametrize("word, written, said", [
    ("지호", "이(가)", "가"), ("민준", "이(가)", "이"), ("Bo", "이(가)", "가"),
    ("Kaiping Tramway", "을(를)", "를"), ("₩30", "을(를)", "을"), ("¥25", "을(를)", "를"),
    ("LYR", "은(는)", "은"), ("KT", "은(는)", "는"), ("철수", "와(과)", "와"),
    ("민준", "와(과)", "과"), ("서울", "(으)로", "로"), ("부산", "(으)로", "으로"),
    ("회사", "(으)로", "로"), ("₩1", "(으)로", "로"), ("₩3", "(으)로", "으로"),
    ("✓", "을(를)", "을(를)"),                     # unreadable: both forms stay
])
def test_a_particle_takes_the_form_of_the_word_before_it(word, written, said):
    assert particle(word, written) == said


def test_every_written_both_particle_in_a_line_is_chosen():
    assert particles("Bo이(가) Kaiping Tramway을(를) ¥25에 삽니다") == \
        "Bo가 Kaiping Tramway를 ¥25에 삽니다"
    assert particles("지호이(가) ₩30을(를) 냅니다.") == "지호가 ₩30을 냅니다."
    assert particles("민준은(는) 부산(으)로 갑니다") == "민준은 부산으로 갑니다"
    assert particles("No particles here (none).") == "No particles here (none)."


def test_a_rendered_korean_history_line_has_chosen_particles(app):
    from companion import present
    with app.test_request_context(headers={"Accept-Language": "ko"}):
        present.use_table({"players": [{"id": "1", "name": "Bo"}, {"id": "2", "name": "지호"}],
                           "currency": "₩"}, None)
        words = {"bought": {"en": "%(player)s buys %(company_name)s for %(price)s.",
                            "ko": "%(player)s이(가) %(company_name)s을(를) %(price)s에 삽니다."},
                 "paid": {"en": "%(player)s pays %(price)s.",
                          "ko": "%(player)s이(가) %(price)s을(를) 냅니다."}}
        one = present.words_text({"code": "bought", "params": {
            "player": "1", "company_name": "Kaiping Tramway", "price": 25}}, words=words)
        two = present.words_text({"code": "paid", "params": {"player": "2", "price": 30}},
                                 words=words)
    assert one == "Bo가 Kaiping Tramway를 ₩25에 삽니다."
    assert two == "지호가 ₩30을 냅니다."
