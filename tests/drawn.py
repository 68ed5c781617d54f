"""What a plot shows, for tests that make plots through a command: the render layer's
description of each plot (plots.PlotJob: title, axis labels, the series' data) as the
command handed it over, and whether a PNG is the drawing of a given description."""

import dataclasses

import numpy as np
from PIL import Image

from latency_gate.render import plots

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class RenderedPlots(dict):
    """{path: PlotJob} of every plot batch rendered while a test runs (they are still drawn)."""

    def __init__(self, monkeypatch):
        super().__init__()
        render = plots.PlotBatch.render

        def recording(batch, *args, **kwargs):
            for job in batch.jobs:  # in drawing order, a path drawn again last
                self.pop(job.path, None)
                self[job.path] = job
            return render(batch, *args, **kwargs)

        monkeypatch.setattr(plots.PlotBatch, "render", recording)

    def find(self, relative, directory=None):
        """The job last drawn to a path ending with `relative` ("<sub-experiment>/<file>.png"),
        inside a directory named `directory`, or its staging copy (".<directory>.<random>",
        as store_views.regenerate and plots.draw_staged draw plots before moving them into place)."""
        def inside(path):
            return directory is None or any(part == directory or part.startswith(f".{directory}.")
                                            for part in path.parts)
        drawn = [job for path, job in self.items() if path.as_posix().endswith("/" + relative) and inside(path)]
        assert drawn, f"no plot {relative} drawn"
        return drawn[-1]

    def series(self, relative, directory=None):
        """{label: y values} of a payload-series plot."""
        return {one.label: np.asarray(one.y).tolist() for one in self.find(relative, directory).data["series"]}


def drawing(directory, *jobs):
    """{file name: PNG bytes} of the jobs drawn into `directory` in this process."""
    batch = plots.PlotBatch()
    batch.jobs = [dataclasses.replace(job, path=directory / job.path.name) for job in jobs]
    return {path.name: path.read_bytes() for path in batch.render(workers=1)}


def size_of(png):
    """(width, height) of a PNG file, which must be one."""
    assert png.read_bytes().startswith(PNG_MAGIC), png
    with Image.open(png) as image:
        return image.size
