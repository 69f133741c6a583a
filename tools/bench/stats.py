"""Mean and 95 % confidence interval of a point's runs (Student's t: runs are few)."""
import math
import statistics

from scipy import stats as _scipy_stats

CONFIDENCE = 0.95


def mean_ci(values):
    """(mean, half-width of the 95 % interval); the half-width is None for fewer than two values
    (one run says nothing about the spread) and 0 when every run agrees."""
    values = [v for v in values if v is not None and math.isfinite(v)]
    if not values:
        return None, None
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    sd = statistics.stdev(values)
    t = _scipy_stats.t.ppf((1 + CONFIDENCE) / 2, len(values) - 1)
    return mean, t * sd / math.sqrt(len(values))
