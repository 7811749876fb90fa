#include "views/common/niceaxis.h"

#include <algorithm>
#include <cmath>

namespace rs::views {

NiceAxis NiceAxis::of(double lo, double hi, int maxTicks, bool integers) {
    maxTicks = std::max(2, maxTicks);
    if (!(hi > lo)) hi = lo + (integers ? 1 : std::max(1e-9, std::abs(lo) * 0.1 + 1e-9));
    const double rough = (hi - lo) / double(maxTicks - 1);
    const double p = std::pow(10.0, std::floor(std::log10(rough)));
    double step = p * 10;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= rough) {
            step = m * p;
            break;
        }
    // widening by whole steps may need one more step than planned: take the next size up until it fits
    for (;;) {
        if (integers) step = std::max(1.0, std::round(step));
        const double a = std::floor(lo / step + 1e-9) * step, b = std::ceil(hi / step - 1e-9) * step;
        if (std::lround((b - a) / step) + 1 <= maxTicks || step > (hi - lo) * 10) {
            NiceAxis n;
            n.min = a;
            n.max = b;
            n.step = step;
            n.decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
            return n;
        }
        const double e = std::pow(10.0, std::floor(std::log10(step) + 1e-9)), m = step / e;
        step = (m < 1.5 ? 2 : m < 3 ? 5 : 10) * e;
    }
}

int NiceAxis::tickCount() const {
    return int(std::lround((max - min) / step)) + 1;
}

QString NiceAxis::format() const {
    return QString("%.%1f").arg(decimals);
}

QStringList NiceAxis::labels() const {
    QStringList out;
    for (int i = 0; i < tickCount(); ++i)
        out << QString::number(min + step * i, 'f', decimals);
    return out;
}

std::pair<double, QString> durationUnit(double ns) {
    if (ns < 1e3) return {1, "ns"};
    if (ns < 1e6) return {1e3, QString::fromUtf8("µs")};
    if (ns < 1e9) return {1e6, "ms"};
    return {1e9, "s"};
}

} // namespace rs::views
