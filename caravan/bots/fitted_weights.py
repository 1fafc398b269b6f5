"""The fitted evaluation's weights (caravan/bots/fitted.py), written by tools/fit_eval.py: data."""

WEIGHTS: dict[str, float] = {
    "banked": 1.0,
    "penalty": -1.0,
    "penalty_end": -0.5,
    "carry_1": 0.95,
    "carry_2": 0.85,
    "carry_3": 0.77,
    "carry_4": 0.69,
    "carry_6": 0.6,
    "carry_far": 0.4,
    "pickup": 0.4,
    "exposed": -0.3,
    "can_steal": 0.3,
    "free_camels_bag": 1.0,
}
