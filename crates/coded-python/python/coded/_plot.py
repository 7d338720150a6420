"""The error-vs-N figure with matplotlib, from the playground's own view of
the sweep (the curves, their bands, the claimed rates): the same data the
CLI's SVG is drawn from."""

from __future__ import annotations

from typing import Any

_DASHES = ["--", ":", "-.", (0, (5, 1, 1, 1)), (0, (1, 3))]
_MARKERS = ["o", "s", "^", "D", "v", "P"]


def draw(view: dict[str, Any], ax: Any = None, *, band: bool = True, claims: bool = True) -> Any:
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 5))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    exact = view.get("exact_below", 0.0)
    for curve in view["curves"]:
        pts = [p for p in curve["points"] if p["mean"] > exact]
        if not pts:
            continue
        color = colors[curve["color"] % len(colors)]
        xs = [p["x"] for p in pts]
        ax.plot(
            xs,
            [p["mean"] for p in pts],
            marker=_MARKERS[curve["shape"] % len(_MARKERS)],
            color=color,
            label=curve["label"],
        )
        if band:
            ax.fill_between(
                xs,
                [max(p["ci_lo"], exact) for p in pts],
                [p["ci_hi"] for p in pts],
                color=color,
                alpha=0.2,
                linewidth=0,
            )
    if claims:
        for ref in view["references"]:
            pts = [(x, y) for x, y in ref["points"] if y > 0]
            if pts:
                ax.plot(
                    [x for x, _ in pts],
                    [y for _, y in pts],
                    linestyle=_DASHES[ref["dash"] % len(_DASHES)],
                    color=colors[ref["color"] % len(colors)],
                    alpha=0.8,
                    label=ref["label"],
                )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(view["x_label"])
    ax.set_ylabel(view["y_label"])
    ax.set_title(view["title"])
    ax.legend(fontsize="small")
    notes = view.get("notes", [])
    if notes:
        # What could not be drawn (failed rounds, N below K), in words.
        ax.annotate("\n".join(notes), (0, 0), xycoords="axes fraction", xytext=(4, 4),
                    textcoords="offset points", fontsize="x-small", va="bottom")
    return ax
