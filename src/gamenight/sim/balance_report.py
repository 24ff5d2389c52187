"""A balance run on disk, for people and for pandas.

`GameLog` writes games.csv and rounds.csv (and the records, if asked) as games finish, so
a run of any length keeps nothing per game in memory. `write_report` writes summary.json,
report.md, report.html (self-contained: its plots inside as base64 PNG) and the plots as
PNG files beside them. `findings` and `differences` are the report's sentences: what each
variant's figures say, and where two variants differ beyond noise (their 95% intervals do
not overlap). Nothing written here depends on the workers or the cluster; the timings go to
timing.json alone.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamenight.engine.errors import ConfigError
from gamenight.record_files import uninterrupted, write_record
from gamenight.sim.balance import BalanceConfig, BalanceResult, Played, Variant
from gamenight.sim.balance_figures import AVERAGES, FIGURES, RATES, ROUND_FIGURES, Round, reasons
from gamenight.sim.report import check_out_dir, check_same_run, ordinal, record_name

ROUND_WORD = {"wildfire": "round", "wildstar": "hand", "highrise": "hand", "fireball-island": "game"}
LENGTHS = {
    "game_decisions": "a game's length in decisions",
    "game_turns": "a game's length in turns",
    "rounds_per_game": "ROUNDs in a game",
    "round_decisions": "a ROUND's length in decisions",
    "round_turns": "a ROUND's length in turns",
}
"""ROUND: the game's word for it (round_word)."""


def lengths(game: str) -> dict[str, str]:
    return {key: words.replace("ROUND", round_word(game)) for key, words in LENGTHS.items()}


END_WORDS = {
    "out": "end with a player going out",
    "blocked": "end blocked",
    "blocked: obligation": "end blocked by an obligation nobody can fill",
    "blocked: open ends": "end blocked on the open ends, no obligation open",
    "won": "are won (the jewel reaches the Dock)",
    "undecided": "stop undecided at the turn limit",
}

BLOCKED_WHY = {
    "blocked: obligation": "by an obligation nobody could fill, the pile out",
    "blocked: open ends": "on the open ends, with no obligation open",
}


def round_word(game: str) -> str:
    return ROUND_WORD.get(game, "round")


# -- streamed files --------------------------------------------------------------------------------


RESULTS = ("games.csv", "rounds.csv", "run.json", "summary.json")
"""A folder holding any of these holds a balance run's results: never overwritten without --force."""


def run_description(config: BalanceConfig) -> dict[str, Any]:
    """What makes a run's games (run.json): a run is resumed only with the same."""
    return {
        "game": config.game,
        "seats": list(config.seats),
        "games": config.games,
        "options": config.options,
        "variants": [{"label": v.label, "options": v.options} for v in config.variants],
        "seed": config.seed,
        "until_ci": config.until_ci,
        "records": config.records,
        "baseline": config.baseline,
        "sweep": config.sweep,
    }


class GameLog:
    """games.csv and rounds.csv, a line per game and per round as each game finishes (in game
    order), and each game's record under records/VARIANT/ if the config keeps them; run.json,
    the run's description, for `--resume`.

    With `resume`, the folder's run must be this config's (ConfigError otherwise); the games
    its files hold in full are kept (`resumed`, in game order: the first tasks of the run),
    a game cut short by the interrupt is dropped, and new lines are appended after them."""

    def __init__(self, out_dir: str | Path, config: BalanceConfig, resume: bool = False) -> None:
        self.out = Path(out_dir)
        check_out_dir(self.out)
        self.config = config
        self.game = config.game
        self.seats = max(len(config.seats_for(v)) for v in range(len(config.all_variants)))
        self.figures = list(FIGURES.get(self.game, {}))
        self.round_figures = list(ROUND_FIGURES.get(self.game, {}))
        header = ["variant", "game", "deal", "seed", "steps", "decisions", "turns", "rounds", "first", "winners"]
        header += [f"ends_{_slug(r)}" for r in reasons(self.game)] + self.figures
        for s in range(1, self.seats + 1):
            header += [f"p{s}_bot", f"p{s}_score", f"p{s}_return", f"p{s}_decisions"]
        rounds = ["variant", "game", "round", "decisions", "turns", "end", *self.round_figures]
        rounds += [f"p{s}_points" for s in range(1, self.seats + 1)]
        self.resumed: list[Played] = []
        kept: tuple[list[list[str]], list[list[str]]] = ([], [])
        if resume:
            self.resumed, kept = self._read_back(header, rounds)
        else:
            self.out.mkdir(parents=True, exist_ok=True)
            run = json.dumps(run_description(config), indent=1) + "\n"
            (self.out / "run.json").write_text(run, encoding="utf-8")
        self.games = len(self.resumed)
        # The kept lines go to a new file that then takes the old one's place: an interrupt
        # while they are written loses nothing (the old file stands until the rename).
        for name, rows in (("games.csv", [header, *kept[0]]), ("rounds.csv", [rounds, *kept[1]])):
            fresh = self.out / f".{name}.new"
            with fresh.open("w", newline="", encoding="utf-8") as f:
                csv.writer(f, lineterminator="\n").writerows(rows)
            os.replace(fresh, self.out / name)
        self._games = (self.out / "games.csv").open("a", newline="", encoding="utf-8")
        self._rounds = (self.out / "rounds.csv").open("a", newline="", encoding="utf-8")
        self._gw = csv.writer(self._games, lineterminator="\n")
        self._rw = csv.writer(self._rounds, lineterminator="\n")

    def _read_back(
        self, header: list[str], rounds_header: list[str]
    ) -> tuple[list[Played], tuple[list[list[str]], list[list[str]]]]:
        """The games the folder holds in full, in the run's order, and their lines."""
        check_same_run(self.out, run_description(self.config), "run")
        games = _read_rows(self.out / "games.csv", header)
        by_game: dict[tuple[str, str], list[list[str]]] = {}
        for row in _read_rows(self.out / "rounds.csv", rounds_header):
            by_game.setdefault((row[0], row[1]), []).append(row)
        labels = [v.label for v in self.config.all_variants]
        order = ((v, i) for i in range(self.config.games) for v in range(len(labels)))
        played: list[Played] = []
        kept: tuple[list[list[str]], list[list[str]]] = ([], [])
        for row, (v, i) in zip(games, order, strict=False):  # (more rows than the run has: not kept)
            lines = by_game.get((row[0], row[1]), [])
            if (row[0], row[1]) != (labels[v], str(i + 1)) or len(lines) != int(row[7]):
                break  # (the game the interrupt cut short, and anything after it, is played again)
            played.append(self._played(v, i, row, lines))
            kept[0].append(row)
            kept[1].extend(lines)
        return played, kept

    def _played(self, variant: int, index: int, row: list[str], lines: list[list[str]]) -> Played:
        """A game again from its lines (numbers are written exactly, so its figures are)."""
        n = len(self.config.seats_for(variant))
        base = 10 + len(reasons(self.game))
        figures = {k: float(row[base + j]) for j, k in enumerate(self.figures)}
        per_seat = [row[base + len(self.figures) + 4 * s : base + len(self.figures) + 4 * s + 4] for s in range(n)]
        rounds = []
        for line in lines:
            figs = {k: float(line[6 + j]) for j, k in enumerate(self.round_figures)}
            points = tuple(int(x) for x in line[6 + len(self.round_figures) :][:n])
            rounds.append(Round(int(line[3]), int(line[4]), line[5], points, figs))
        return Played(
            variant=variant,
            index=index,
            deal=int(row[2]),
            seed=int(row[3]),
            seats=tuple(p[0] for p in per_seat),
            scores=tuple(int(p[1]) for p in per_seat),
            returns=tuple(float(p[2]) for p in per_seat),
            decisions=tuple(int(p[3]) for p in per_seat),
            turns=int(row[6]),
            steps=int(row[4]),
            rounds=tuple(rounds),
            figures=figures,
            first=int(row[8][1:]) - 1,
        )

    def add(self, g: Played) -> None:
        label = self.config.all_variants[g.variant].label
        winners = " ".join(f"P{s + 1}" for s, r in enumerate(g.returns) if r > 0)
        ends = [sum(1 for rd in g.rounds if rd.end == reason) for reason in reasons(self.game)]
        row: list[Any] = [label, g.index + 1, g.deal, g.seed, g.steps, sum(g.decisions), g.turns, len(g.rounds)]
        row += [f"P{g.first + 1}", winners, *ends, *(_num(g.figures.get(k, 0.0)) for k in self.figures)]
        for s in range(self.seats):
            if s < len(g.seats):
                row += [g.seats[s], g.scores[s], _num(g.returns[s]), g.decisions[s]]
            else:
                row += ["", "", "", ""]
        lines: list[list[Any]] = []
        for r, rd in enumerate(g.rounds, 1):
            line: list[Any] = [label, g.index + 1, r, rd.decisions, rd.turns, rd.end]
            line += [_num(rd.figures.get(k, 0.0)) for k in self.round_figures]
            lines.append(line + list(rd.points) + [""] * (self.seats - len(rd.points)))
        with uninterrupted():  # a stopped run's count is the games its files hold
            self._gw.writerow(row)
            self._rw.writerows(lines)
            if g.record is not None:
                folder = self.out / "records" / _slug(label)
                folder.mkdir(parents=True, exist_ok=True)
                write_record(folder / record_name(g.index), g.record, sync=False)
            self.games += 1
            if self.games % 256 == 0:
                self.flush()

    def flush(self) -> None:
        self._games.flush()
        self._rounds.flush()

    def close(self) -> None:
        self._games.close()
        self._rounds.close()


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_=." else "_" for c in text).strip("_") or "variant"


def _num(x: float) -> str:
    """Exactly (the shortest text that reads back as the same float), so that a resumed run
    sums the same numbers as one never stopped: 3, 0.5, 0.3333333333333333."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _read_rows(path: Path, header: list[str]) -> list[list[str]]:
    """A CSV file's rows after its header, whole rows only (a line cut short by a kill is
    dropped); ConfigError if its header is not `header`."""
    try:
        with path.open(newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except OSError as exc:
        raise ConfigError(f"--resume: {path} cannot be read ({exc.strerror or exc})") from None
    except csv.Error:
        rows = []
    if not rows or rows[0] != header:
        raise ConfigError(f"--resume: {path} is not this run's (its header differs)")
    return [row for row in rows[1:] if len(row) == len(header)]


# -- sentences ---------------------------------------------------------------------------------------


def pct(p: float) -> str:
    """28%, 0.5%, 0.02% or 99.98%: as many decimals as it takes to tell it from 0 or 100%."""
    value = 100 * p
    if value in (0, 100) or 10 <= value <= 90:
        return f"{value:.0f}%"
    near = min(value, 100 - value)
    digits = 1 if near >= 0.1 else 2 if near >= 0.01 else 3
    return f"{value:.{digits}f}%"


def pct_ci(prop: dict[str, Any]) -> str:
    low, high = prop["ci95"]
    return f"{pct(prop['p'])} ({pct(low).rstrip('%')}–{pct(high)})"


def num(x: float) -> str:
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:,.0f}"


def mean_ci(m: dict[str, Any]) -> str:
    low, high = m["ci95"]
    return f"{num(m['mean'])} ({num(low)}–{num(high)})"


def findings(result: BalanceResult) -> dict[str, list[str]]:
    """What each variant's figures say, in sentences, by variant label."""
    game = result.config.game
    word = round_word(game)
    out: dict[str, list[str]] = {}
    for v in result.variants:
        lines: list[str] = []
        ends = v["ends"]
        shown = [f"{pct_ci(ends[r])} {END_WORDS.get(r, r)}" for r in reasons(game) if ends[r]["k"]]
        if shown:
            lines.append(f"Of {v['rounds']:,} {word}s, " + "; ".join(shown) + ".")
        blocked = v["blocked"]
        if blocked["k"]:
            why = [r for r in reasons(game) if r.startswith("blocked") and ends[r]["k"]]
            if len(why) == 1 and why[0] in BLOCKED_WHY:
                lines.append(
                    f"Every blocked {word} ({blocked['k']:g} of {blocked['n']:,}) was blocked {BLOCKED_WHY[why[0]]}."
                )
            if blocked["ci95"][0] > 0.5:
                lines.append(f"Most {word}s end blocked: {pct_ci(blocked)}.")
        lines += _seat_sentences(v)
        lines += _game_sentences(game, v)
        out[v["label"]] = lines
    return out


def even_share(v: dict[str, Any]) -> float:
    """A seat's win rate if no seat had an edge: the seats' mean (a quarter of the games won
    with four seats; a half with partners, where both of a team win)."""
    seats = v["win_rate_by_seat"]
    return float(sum(p["p"] for p in seats)) / len(seats)


def _order_sentences(v: dict[str, Any]) -> list[str]:
    """Does going first matter: always said for the first player, and for any other place
    beyond noise."""
    order = v.get("win_rate_by_turn_order")
    if not order:
        return []
    fair = even_share(v)
    lines = []
    for place, prop in enumerate(order):
        low, high = prop["ci95"]
        apart = high < fair or low > fair
        if place == 0:
            verdict = f"{'more' if low > fair else 'less'} than" if apart else "within noise of"
            lines.append(f"The first to play wins {pct_ci(prop)} of games, {verdict} an even share ({pct(fair)}).")
        elif apart:
            more = "more" if low > fair else "less"
            lines.append(f"The {ordinal(place + 1)} to play wins {pct_ci(prop)} of games, {more} than an even share.")
    return lines


def _seat_sentences(v: dict[str, Any]) -> list[str]:
    seats = v["win_rate_by_seat"]
    fair = even_share(v)
    lines = _order_sentences(v)
    for s, prop in enumerate(seats):
        low, high = prop["ci95"]
        if high < fair or low > fair:
            more = "more" if low > fair else "less"
            lines.append(f"P{s + 1} wins {pct_ci(prop)} of games, {more} than the {pct(fair)} of an even share.")
    if not lines:
        lines.append(f"No seat wins more or less than an even share ({pct(fair)}) beyond noise.")
    if "team_a_win_rate" in v:
        team = v["team_a_win_rate"]
        edge = ""
        if team["ci95"][0] > 0.5 or team["ci95"][1] < 0.5:
            edge = f": {'more' if team['p'] > 0.5 else 'less'} than half, beyond noise"
        lines.append(f"Team A (P1, P3, ...) wins {pct_ci(team)} of games{edge}.")
    return lines


def _game_sentences(game: str, v: dict[str, Any]) -> list[str]:
    rates, figures = v["rates"], v["figures"]
    lines = []
    if game == "highrise":
        late, every = rates["draw rate per turn, 8+ dominoes up"], rates["draw rate per turn"]
        lines.append(
            f"Once 8 or more dominoes are up, {pct_ci(late)} of turns begin with a draw or pass "
            f"(every turn: {pct_ci(every)}); the highest level reached averages {mean_ci(v['round_figures']['level'])}."
        )
    elif game == "wildfire":
        lines.append(
            f"A game opens {mean_ci(figures['obligations_opened'])} obligations; plays close "
            f"{pct_ci(rates['share of obligations closed'])} of them"
            + (
                f", {pct_ci(rates['share of obligations burned out'])} burn out."
                if figures["obligations_burned_out"]["mean"]
                else "."
            )
        )
    elif game == "fireball-island":
        lines.append(
            f"A game rolls {mean_ci(figures['fireballs'])} Fireballs, hitting {pct_ci(rates['hit rate per target'])} "
            f"of the pieces they roll at; the jewel changes hands {mean_ci(figures['jewel_changes'])} times."
        )
    elif game == "wildstar":
        lines.append(f"A game sees {mean_ci(figures['stars_played'])} stars played.")
    return lines


def _apart(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Beyond noise: the two 95% intervals do not overlap."""
    return bool(a["ci95"][1] < b["ci95"][0] or b["ci95"][1] < a["ci95"][0])


ALPHA = 0.05
"""The family-wise error rate of the differences reported (Holm's correction)."""


def _effect(x: dict[str, Any], y: dict[str, Any]) -> tuple[float, float, str]:
    """(effect size, two-sided p-value, its name) of x against y: for shares Cohen's h with a
    two-proportion z-test, for means Cohen's d with Welch's z (the games are many)."""
    if "p" in x:
        p1, p2, n1, n2 = x["p"], y["p"], x["n"], y["n"]
        h = 2 * math.asin(math.sqrt(p1)) - 2 * math.asin(math.sqrt(p2))
        pooled = (x["k"] + y["k"]) / (n1 + n2) if n1 + n2 else 0.0
        se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if n1 and n2 else 0.0
        return h, _p_value(p1 - p2, se), "h"
    m1, m2, s1, s2, n1, n2 = x["mean"], y["mean"], x["sd"], y["sd"], x["n"], y["n"]
    pooled_sd = math.sqrt((s1 * s1 + s2 * s2) / 2)
    d = (m1 - m2) / pooled_sd if pooled_sd else (0.0 if m1 == m2 else math.copysign(math.inf, m1 - m2))
    se = math.sqrt(s1 * s1 / n1 + s2 * s2 / n2) if n1 and n2 else 0.0
    return d, _p_value(m1 - m2, se), "d"


def _p_value(diff: float, se: float) -> float:
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return math.erfc(abs(diff) / se / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def _compared(result: BalanceResult) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The pairs compared: every variant against the baseline (the config's, else the first),
    or every pair with baseline "all"."""
    variants = result.variants
    chosen = result.config.baseline
    if chosen == "all":
        return [(variants[j], variants[i]) for i in range(len(variants)) for j in range(i + 1, len(variants))]
    base = next((v for v in variants if v["label"] == chosen), variants[0])
    return [(v, base) for v in variants if v is not base]


def comparisons(result: BalanceResult) -> list[tuple[float, float, str]]:
    """Every figure compared between the pairs of variants: (effect size, p-value, sentence)."""
    game = result.config.game
    word = round_word(game)
    out: list[tuple[float, float, str]] = []

    def said(x: dict[str, Any], y: dict[str, Any], text: str) -> None:
        size, p, name = _effect(x, y)
        out.append((size, p, f"{text} ({name} = {size:+.2f})"))

    for v, base in _compared(result):
        a, b = f"With {v['label']}", f"with {base['label']}"
        said(
            v["blocked"],
            base["blocked"],
            f"{a}, {pct_ci(v['blocked'])} of {word}s block, against {pct_ci(base['blocked'])} {b}",
        )
        causes = [r for r in reasons(game) if r.startswith("blocked: ")]
        if sum(1 for r in causes if v["ends"][r]["k"] or base["ends"][r]["k"]) > 1:
            for reason in causes:
                x, y = v["ends"][reason], base["ends"][reason]
                said(x, y, f"{a}, {pct_ci(x)} of {word}s {END_WORDS.get(reason, reason)}, against {pct_ci(y)} {b}")
        x, y = v["undecided"], base["undecided"]
        said(x, y, f"{a}, {pct_ci(x)} of games end with no winner, against {pct_ci(y)} {b}")
        for key, place in (("win_rate_by_seat", "P{}"), ("win_rate_by_turn_order", "the {} to play")):
            if len(v.get(key, [])) == len(base.get(key, [])):
                for s, (x, y) in enumerate(zip(v.get(key, []), base.get(key, []), strict=True)):
                    who = place.format(s + 1 if key == "win_rate_by_seat" else ordinal(s + 1))
                    said(x, y, f"{a}, {who} wins {pct_ci(x)} of games, against {pct_ci(y)} {b}")
        one_round = v["lengths"]["rounds_per_game"]["sd"] == 0 == base["lengths"]["rounds_per_game"]["sd"]
        for key, words in lengths(game).items():
            if one_round and key.startswith("round"):
                continue  # a game of one round: its round is the game
            x, y = v["lengths"][key], base["lengths"][key]
            said(x, y, f"{a}, {words} averages {mean_ci(x)}, against {mean_ci(y)} {b}")
        if game != "fireball-island":  # (its score is not what the game is won by)
            x, y = v["scores"]["final"], base["scores"]["final"]
            said(x, y, f"{a}, a final score averages {mean_ci(x)}, against {mean_ci(y)} {b}")
        for name, (x, y) in _pairs(v["rates"], base["rates"]):
            said(x, y, f"{a}, the {name} is {pct_ci(x)}, against {pct_ci(y)} {b}")
        words_of = FIGURES.get(game, {})
        for name, (x, y) in _pairs(v["figures"], base["figures"]):
            per = "" if name in AVERAGES else " a game"
            said(x, y, f"{a}, {words_of[name]}: {mean_ci(x)}{per}, against {mean_ci(y)} {b}")
    return out


def differences(result: BalanceResult) -> list[str]:
    """Where the variants differ, in sentences, largest effect first: every comparison
    tested, and kept where its p-value, Holm-corrected over all of them, is below ALPHA."""
    if len(result.variants) < 2:
        return []
    found = comparisons(result)
    adjusted = holm([p for _, p, _ in found])
    kept = [(abs(size), text) for (size, _, text), q in zip(found, adjusted, strict=True) if q < ALPHA]
    return [text + "." for _, text in sorted(kept, key=lambda item: -item[0])]


def method_note(result: BalanceResult) -> str:
    """How the differences were found, for the report."""
    n = len(comparisons(result)) if len(result.variants) > 1 else 0
    against = (
        "every pair of variants"
        if result.config.baseline == "all"
        else f"each variant against {_compared(result)[0][1]['label'] if n else 'the first'}"
    )
    return (
        f"Differences: {against}, {n} comparisons, each tested (two-proportion z-test for shares, Welch's z "
        f"for means) and kept where its p-value, Holm-corrected over all {n}, is below {ALPHA:g}; ranked by "
        "effect size (Cohen's h for shares, d for means; 0.2 is small, 0.5 medium, 0.8 large). Paired deals are "
        "tested as independent samples, which is cautious."
    )


def _pairs(x: dict[str, Any], y: dict[str, Any]) -> list[tuple[str, tuple[dict[str, Any], dict[str, Any]]]]:
    return [(k, (x[k], y[k])) for k in x if k in y]


# -- plots ---------------------------------------------------------------------------------------------

PLOTS = ("sweep", "win_rates", "lengths", "scores", "ends", "figures")


def plots_of(result: BalanceResult) -> tuple[str, ...]:
    """The plots that mean something for this run: Fireball Island is won by reaching the
    Dock with the jewel, not on points, so it has no score plot; a sweep has its own."""
    game, sweep = result.config.game, result.config.sweep
    return tuple(p for p in PLOTS if not (game == "fireball-island" and p == "scores") and (p != "sweep" or sweep))


def plots(result: BalanceResult) -> dict[str, bytes] | str:
    """Each plot as PNG bytes by name; or a note saying why there are none."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return "no plots: matplotlib is not installed (pip install 'gamenight[sim]')"
    drawers = {
        "sweep": _plot_sweep,
        "win_rates": _plot_win_rates,
        "lengths": _plot_lengths,
        "scores": _plot_scores,
        "ends": _plot_ends,
        "figures": _plot_figures,
    }
    out = {}
    for name in plots_of(result):
        figure = drawers[name](result, Figure)
        FigureCanvasAgg(figure)
        buffer = io.BytesIO()
        # No date or software version in the file: the same run gives the same bytes.
        figure.savefig(buffer, format="png", dpi=90, metadata={"Software": None})
        out[name] = buffer.getvalue()
    return out


def _labels(result: BalanceResult) -> list[str]:
    return [v["label"] for v in result.variants]


def _plot_win_rates(result: BalanceResult, Figure: Any) -> Any:
    """Two panels: by seat, and by place in the turn order (the first to play, the next, ...)."""
    variants = result.variants
    seats = max(len(v["win_rate_by_seat"]) for v in variants)
    figure = Figure(figsize=(10, 3.8), layout="constrained")
    by_seat, by_order = figure.subplots(1, 2, sharey=True)
    width = 0.8 / len(variants)
    for ax, key, names in (
        (by_seat, "win_rate_by_seat", [f"P{s + 1}" for s in range(seats)]),
        (by_order, "win_rate_by_turn_order", [ordinal(s + 1) for s in range(seats)]),
    ):
        for i, v in enumerate(variants):
            props = v.get(key, [])
            xs = [s + (i - (len(variants) - 1) / 2) * width for s in range(len(props))]
            ps = [p["p"] for p in props]
            err = [[p["p"] - p["ci95"][0] for p in props], [p["ci95"][1] - p["p"] for p in props]]
            ax.bar(xs, ps, width, yerr=err, capsize=3, label=v["label"], color=f"C{i}")
            ax.hlines(even_share(v), -0.5, len(props) - 0.5, colors="grey", linestyles="dashed", linewidth=0.8)
        ax.set_xticks(range(seats), names)
    by_seat.set_ylabel("share of games won")
    by_seat.set_title("by seat", fontsize=10)
    by_order.set_title("by turn order (1st: the first to play)", fontsize=10)
    by_seat.legend(fontsize=8)
    figure.suptitle(f"{result.config.game}: win rate, 95% intervals (dashed: an even share)", fontsize=10)
    return figure


def _sweep_panels(result: BalanceResult) -> list[tuple[str, str, Any]]:
    """(title, kind, how to read it off a variant) for each figure a sweep plots."""
    game = result.config.game
    word = round_word(game)
    panels: list[tuple[str, str, Any]] = [
        ("the first to play's win rate", "share", lambda v: v["win_rate_by_turn_order"][0])
    ]
    if game == "fireball-island":
        panels.append(("games undecided (turn limit)", "share", lambda v: v["undecided"]))
    else:
        panels.append((f"{word}s blocked", "share", lambda v: v["blocked"]))
    panels += [
        ("game length, decisions", "mean", lambda v: v["lengths"]["game_decisions"]),
        ("game length, turns", "mean", lambda v: v["lengths"]["game_turns"]),
    ]
    if any(v["lengths"]["rounds_per_game"]["sd"] for v in result.variants):
        panels.append((f"{word}s in a game", "mean", lambda v: v["lengths"]["rounds_per_game"]))
    for key, words in FIGURES.get(game, {}).items():
        panels.append((words, "mean", lambda v, key=key: v["figures"][key]))
    for name in RATES.get(game, {}):
        panels.append((name, "share", lambda v, name=name: v["rates"][name]))
    # A figure that is 0 at every value (a house rule not on, say) says nothing against the option.
    centre = {"share": "p", "mean": "mean"}
    return [p for p in panels if any(p[2](v)[centre[p[1]]] for v in result.variants)]


def _plot_sweep(result: BalanceResult, Figure: Any) -> Any:
    """Each figure against the swept option, with its 95% interval (the first player's win
    rate against its even share, dashed)."""
    option = result.config.sweep
    given = [v["given"].get(option) for v in result.variants]
    numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in given)
    xs = [float(x) for x in given] if numeric else list(range(len(given)))
    panels = _sweep_panels(result)
    cols = 4
    rows = -(-len(panels) // cols)
    figure = Figure(figsize=(12, 2.6 * rows), layout="constrained")
    axes = figure.subplots(rows, cols, squeeze=False)
    for j, (title_text, kind, read) in enumerate(panels):
        ax = axes[j // cols][j % cols]
        items = [read(v) for v in result.variants]
        centre = [item["p"] if kind == "share" else item["mean"] for item in items]
        err = [[c - item["ci95"][0] for c, item in zip(centre, items, strict=True)]]
        err.append([item["ci95"][1] - c for c, item in zip(centre, items, strict=True)])
        ax.errorbar(xs, centre, yerr=err, marker="o", ms=3, capsize=3, linewidth=1.2)
        if j == 0:
            ax.plot(xs, [even_share(v) for v in result.variants], "--", color="grey", linewidth=0.8)
        ax.set_title(_wrap(title_text), fontsize=8)
        ax.tick_params(labelsize=7)
        if not numeric or len(xs) <= 12:  # each value swept, as given
            ax.set_xticks(xs, [str(x) for x in given], fontsize=7)
    for j in range(len(panels), rows * cols):
        axes[j // cols][j % cols].set_visible(False)
    figure.suptitle(f"{result.config.game}: each figure against {option}, 95% intervals", fontsize=10)
    return figure


def _hist_values(hist: dict[str, int]) -> tuple[list[float], list[int]]:
    return [float(k) for k in hist], list(hist.values())


def _plot_lengths(result: BalanceResult, Figure: Any) -> Any:
    word = round_word(result.config.game)
    figure = Figure(figsize=(9, 3.6), layout="constrained")
    axes = figure.subplots(1, 2)
    for ax, key, title in (
        (axes[0], "game_decisions", "game length, decisions"),
        (axes[1], "round_turns", f"{word} length, turns"),
    ):
        bins = _shared_bins(result, key)
        for v in result.variants:
            values, weights = _hist_values(v["histograms"][key])
            if values:
                ax.hist(values, bins=bins, weights=weights, histtype="step", linewidth=1.4, label=v["label"])
        ax.set_title(title, fontsize=10)
        ax.set_ylabel("count")
    axes[0].legend(fontsize=8)
    return figure


def _bins(values: Sequence[float]) -> list[float]:
    """Bin edges over the values' range: one per integer up to 40 of them, else 40 alike."""
    low, high = min(values), max(values)
    span = high - low
    if span <= 40:
        return [low - 0.5 + i for i in range(int(span) + 2)]
    return [low + span * i / 40 for i in range(41)]


def _shared_bins(result: BalanceResult, key: str) -> list[float] | None:
    """The same bin edges for every variant (over all their values), so that their
    histograms compare bar for bar."""
    values = [value for v in result.variants for value in _hist_values(v["histograms"][key])[0]]
    return _bins(values) if values else None


def _plot_scores(result: BalanceResult, Figure: Any) -> Any:
    word = round_word(result.config.game)
    figure = Figure(figsize=(9, 3.6), layout="constrained")
    axes = figure.subplots(1, 2)
    for ax, key, title in (
        (axes[0], "final_score", "final score, every seat"),
        (axes[1], "round_points", f"points in a {word}, every seat"),
    ):
        bins = _shared_bins(result, key)
        for v in result.variants:
            values, weights = _hist_values(v["histograms"][key])
            if values:
                ax.hist(values, bins=bins, weights=weights, histtype="step", linewidth=1.4, label=v["label"])
        ax.set_title(title, fontsize=10)
        ax.set_ylabel("count")
    axes[0].legend(fontsize=8)
    return figure


def _plot_ends(result: BalanceResult, Figure: Any) -> Any:
    game = result.config.game
    figure = Figure(figsize=(7, 1.2 + 0.55 * len(result.variants)), layout="constrained")
    ax = figure.subplots()
    labels = _labels(result)
    for r, reason in enumerate(reasons(game)):
        lefts = [sum(v["ends"][x]["p"] for x in reasons(game)[:r]) for v in result.variants]
        widths = [v["ends"][reason]["p"] for v in result.variants]
        bars = ax.barh(labels, widths, left=lefts, label=reason)
        for bar, w in zip(bars, widths, strict=True):
            if w >= 0.06:
                ax.text(
                    bar.get_x() + w / 2,
                    bar.get_y() + bar.get_height() / 2,
                    pct(w),
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="white",
                )
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_title(f"how {round_word(game)}s end", fontsize=10)
    ax.legend(fontsize=8, ncols=len(reasons(game)), loc="upper center", bbox_to_anchor=(0.5, -0.25))
    return figure


def _plot_figures(result: BalanceResult, Figure: Any) -> Any:
    game = result.config.game
    names = [("figures", k) for k in FIGURES.get(game, {})] + [("rates", k) for k in RATES.get(game, {})]
    names += [("round_figures", k) for k in ROUND_FIGURES.get(game, {})]
    cols = 4
    rows = max(1, math.ceil(len(names) / cols))
    figure = Figure(figsize=(11, 1.9 * rows + 0.4), layout="constrained")
    axes = figure.subplots(rows, cols, squeeze=False)
    words = {**FIGURES.get(game, {}), **{k: k for k in RATES.get(game, {})}, **ROUND_FIGURES.get(game, {})}
    for i, (kind, key) in enumerate(names):
        ax = axes[i // cols][i % cols]
        values, lows, highs = [], [], []
        for v in result.variants:
            item = v[kind][key]
            centre = item["p"] if kind == "rates" else item["mean"]
            values.append(centre)
            lows.append(centre - item["ci95"][0])
            highs.append(item["ci95"][1] - centre)
        ax.bar(range(len(values)), values, yerr=[lows, highs], capsize=3, color=[f"C{j}" for j in range(len(values))])
        ax.set_xticks(range(len(values)), [str(j + 1) for j in range(len(values))], fontsize=7)
        ax.tick_params(axis="y", labelsize=7)
        ax.set_title(_wrap(words[key] + (" (share)" if kind == "rates" else "")), fontsize=7)
    for j in range(len(names), rows * cols):
        axes[j // cols][j % cols].set_visible(False)
    key = "; ".join(f"{j + 1}: {label}" for j, label in enumerate(_labels(result)))
    figure.suptitle(f"{game}'s own figures, a game's mean with 95% interval ({key})", fontsize=9)
    return figure


def _wrap(text: str, width: int = 34) -> str:
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join([*lines, line])


# -- the report -------------------------------------------------------------------------------------------


def write_report(result: BalanceResult, out_dir: str | Path, timing: dict[str, Any] | None = None) -> list[Path]:
    """summary.json, report.md, report.html and the plots (balance_NAME.png) in `out_dir`;
    timing.json if `timing` is given. The paths written."""
    out = Path(out_dir)
    check_out_dir(out)
    out.mkdir(parents=True, exist_ok=True)
    summary = result.summary()
    summary["findings"] = findings(result)
    summary["differences"] = differences(result)
    written = []
    path = out / "summary.json"
    path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    written.append(path)
    images = plots(result)
    notes = [images] if isinstance(images, str) else []
    pngs = {} if isinstance(images, str) else images
    for name, data in pngs.items():
        path = out / f"balance_{name}.png"
        path.write_bytes(data)
        written.append(path)
    md = out / "report.md"
    md.write_text(markdown(result, summary, [f"balance_{n}.png" for n in pngs], notes), encoding="utf-8")
    page = out / "report.html"
    page.write_text(html_page(result, summary, pngs, notes), encoding="utf-8")
    written += [md, page]
    if timing is not None:
        path = out / "timing.json"
        path.write_text(json.dumps(timing, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def load_result(path: str | Path) -> BalanceResult:
    """A run's result again from its summary.json, to write its report anew (no game replayed)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    variants = tuple(Variant(v["label"], v["given"]) for v in data["variants"])
    config = BalanceConfig(
        data["game"],
        tuple(data["seats"]),
        data["games_per_variant"],
        data["options"],
        variants,
        seed=data["seed"],
        until_ci=data["until_ci"],
        baseline=data.get("baseline", ""),
        sweep=data.get("sweep", ""),
    )
    return BalanceResult(config, data["variants"], data["games_per_variant"], 0, 0.0, "")


def title(result: BalanceResult) -> str:
    return f"Balance report: {result.config.game}"


def setup_line(result: BalanceResult) -> str:
    config = result.config
    given = " ".join(f"{k}={json.dumps(v)}" for k, v in config.options.items())
    until = f", until every headline interval is narrower than {config.until_ci:g}" if config.until_ci else ""
    return (
        f"{result.games:,} games per variant{until}; seats {','.join(config.seats)} (rotated from game to game)"
        f"{'; options ' + given if given else ''}; seed {config.seed}. Game i of every variant is dealt from "
        "the same seed, so variants with as many seats are compared on the same deals."
    )


def tables(result: BalanceResult) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report's tables: (title, header, rows), the same in Markdown and HTML."""
    game = result.config.game
    word = round_word(game)
    labels = _labels(result)
    variants = result.variants
    seats = max(len(v["win_rate_by_seat"]) for v in variants)
    out = []
    rows = []
    for s in range(seats):
        row = [f"P{s + 1}"]
        for v in variants:
            props = v["win_rate_by_seat"]
            row.append(pct_ci(props[s]) if s < len(props) else "")
        rows.append(row)
    rows.append(["undecided", *(pct_ci(v["undecided"]) for v in variants)])
    if any("team_a_win_rate" in v for v in variants):
        rows.append(["team A", *(pct_ci(v["team_a_win_rate"]) if "team_a_win_rate" in v else "" for v in variants)])
    out.append(("Win rate by seat (95% interval)", ["seat", *labels], rows))
    rows = []
    for place in range(seats):
        row = [f"{ordinal(place + 1)} to play"]
        for v in variants:
            props = v.get("win_rate_by_turn_order", [])
            row.append(pct_ci(props[place]) if place < len(props) else "")
        rows.append(row)
    out.append(("Win rate by turn order: the first to play, the next, ... (95% interval)", ["place", *labels], rows))
    rows = [[f"{word}s played", *(f"{v['rounds']:,}" for v in variants)]]
    for reason in reasons(game):
        rows.append([reason, *(pct_ci(v["ends"][reason]) for v in variants)])
    if game != "fireball-island":
        rows.append(["blocked, all reasons", *(pct_ci(v["blocked"]) for v in variants)])
    out.append((f"How {word}s end (95% interval)", [f"{word} end", *labels], rows))
    single = all(v["lengths"]["rounds_per_game"]["ci95"] == [1, 1] for v in variants)
    shown = {k: w for k, w in lengths(game).items() if not (single and k.startswith("round"))}
    rows = [[words, *(mean_ci(v["lengths"][key]) for v in variants)] for key, words in shown.items()]
    out.append(("Lengths, mean (95% interval)", ["length", *labels], rows))
    rows = [["final score, every seat", *(mean_ci(v["scores"]["final"]) for v in variants)]]
    for s in range(seats):
        rows.append(
            [
                f"final score, P{s + 1}",
                *(
                    mean_ci(v["scores"]["final_by_seat"][s]) if s < len(v["scores"]["final_by_seat"]) else ""
                    for v in variants
                ),
            ]
        )
    rows.append([f"points in a {word}, every seat", *(mean_ci(v["scores"]["round_points"]) for v in variants)])
    rows.append(["final score, sd", *(num(v["scores"]["final"]["sd"]) for v in variants)])
    out.append(("Scores, mean (95% interval)", ["score", *labels], rows))
    rows = [[words, *(mean_ci(v["figures"][key]) for v in variants)] for key, words in FIGURES.get(game, {}).items()]
    rows += [[name, *(pct_ci(v["rates"][name]) for v in variants)] for name in RATES.get(game, {})]
    rows += [
        [words + ", per " + word, *(mean_ci(v["round_figures"][key]) for v in variants)]
        for key, words in ROUND_FIGURES.get(game, {}).items()
    ]
    out.append((f"{game}'s own figures: a game's mean, or a pooled share (95% interval)", ["figure", *labels], rows))
    return out


def markdown(result: BalanceResult, summary: dict[str, Any], images: list[str], notes: list[str]) -> str:
    lines = [f"# {title(result)}", "", setup_line(result), ""]
    for label, given in ((v["label"], v["given"]) for v in result.variants):
        options = ", ".join(f"{k}={json.dumps(x)}" for k, x in given.items()) or "the options as given"
        lines.append(f"- **{label}**: {options}")
    lines.append("")
    if len(result.variants) > 1:
        lines += ["## Where the variants differ, largest effect first", "", method_note(result), ""]
        said = summary["differences"] or ["Nowhere beyond noise."]
        lines += [f"- {s}" for s in said] + [""]
    lines += ["## What each variant's figures say", ""]
    for label, said in summary["findings"].items():
        lines += [f"**{label}**", ""] + [f"- {s}" for s in said] + [""]
    for caption, header, rows in tables(result):
        lines += [f"## {caption}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in rows] + [""]
    if images:
        lines += ["## Plots", ""] + [f"![{name}]({name})" for name in images] + [""]
    lines += [f"_{note}_" for note in notes]
    lines += [
        "Intervals: Wilson's for shares, the normal one for means. games.csv and rounds.csv hold every game and round.",
        "",
    ]
    return "\n".join(lines)


def html_page(result: BalanceResult, summary: dict[str, Any], images: dict[str, bytes], notes: list[str]) -> str:
    e = html.escape
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title(result))}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}"
        "table{border-collapse:collapse;margin:0.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:0.25rem 0.6rem;"
        "text-align:right}td:first-child,th:first-child{text-align:left}th{background:#f3f3f3}"
        "img{max-width:100%;display:block;margin:1rem 0}li{margin:0.2rem 0}</style></head><body>",
        f"<h1>{e(title(result))}</h1>",
        f"<p>{e(setup_line(result))}</p><ul>",
    ]
    for v in result.variants:
        options = ", ".join(f"{k}={json.dumps(x)}" for k, x in v["given"].items()) or "the options as given"
        parts.append(f"<li><b>{e(v['label'])}</b>: {e(options)}</li>")
    parts.append("</ul>")
    if len(result.variants) > 1:
        parts.append("<h2>Where the variants differ, largest effect first</h2>")
        parts.append(f"<p>{e(method_note(result))}</p>")
        said = summary["differences"] or ["Nowhere beyond noise."]
        parts.append("<ul>" + "".join(f"<li>{e(s)}</li>" for s in said) + "</ul>")
    parts.append("<h2>What each variant's figures say</h2>")
    for label, said in summary["findings"].items():
        parts.append(f"<h3>{e(label)}</h3><ul>" + "".join(f"<li>{e(s)}</li>" for s in said) + "</ul>")
    for caption, header, rows in tables(result):
        parts.append(f"<h2>{e(caption)}</h2><table><tr>" + "".join(f"<th>{e(h)}</th>" for h in header) + "</tr>")
        for row in rows:
            parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    if images:
        parts.append("<h2>Plots</h2>")
        for name, data in images.items():
            encoded = base64.b64encode(data).decode("ascii")
            parts.append(f'<img alt="{e(name)}" src="data:image/png;base64,{encoded}">')
    parts += [f"<p><i>{e(note)}</i></p>" for note in notes]
    parts.append(
        "<p>Intervals: Wilson's for shares, the normal one for means. Variants differ <i>beyond noise</i> where "
        "their 95% intervals do not overlap. games.csv and rounds.csv hold every game and round.</p></body></html>"
    )
    return "\n".join(parts) + "\n"
