#include "views/common/palette.h"

#include <QCryptographicHash>
#include <algorithm>
#include <cmath>

namespace rs::views {

namespace {
uint32_t stableHash(const QString& s) {
    QByteArray h = QCryptographicHash::hash(s.toUtf8(), QCryptographicHash::Md5);
    return uint32_t(uchar(h[0])) | uint32_t(uchar(h[1])) << 8 | uint32_t(uchar(h[2])) << 16 |
           uint32_t(uchar(h[3])) << 24;
}
} // namespace

QColor colorForOpType(const QString& opType, bool communication) {
    uint32_t h = stableHash(opType);
    if (communication) {
        // blues to violets: 200°–259°
        int hue = kCommunicationHues.first +
                  int(h % uint32_t(kCommunicationHues.second - kCommunicationHues.first));
        return QColor::fromHsv(hue, 150 + int((h >> 8) % 60), 200 + int((h >> 16) % 40));
    }
    // compute: warm, green and magenta hues, clear of the reds used for waits (0–20°, 340–360°) and of the
    // communication family and its neighbours (185°–295°: a violet compute op read as communication in the
    // legend, and a cyan one beside a blue collective)
    static const int hues[] = {30, 45, 60, 80, 100, 120, 140, 160, 175, 310, 325};
    int hue = hues[h % (sizeof hues / sizeof hues[0])];
    return QColor::fromHsv(hue, 110 + int((h >> 8) % 90), 190 + int((h >> 16) % 50));
}

QColor waitColor() {
    return QColor(220, 30, 40);
}
QColor runtimeTaskColor() {
    return QColor(190, 190, 186);
}

QColor selectionRingColor() {
    return QColor(16, 16, 16);
}

QColor selectionHaloColor() {
    return QColor(255, 255, 255, 235);
}

QColor unreadColor() {
    return QColor(105, 105, 105); // darker than the runtime-task grey, so the hatch reads on it too
}

QColor flowArrowColor() {
    return QColor(0, 118, 128);
}

QColor idleGapColor() {
    return QColor(255, 150, 40);
}

QColor textOn(const QColor& bg) {
    return bg.lightnessF() > 0.55 ? QColor(20, 20, 20) : QColor(245, 245, 245);
}

namespace {
double luminance(const QColor& c) { // WCAG relative luminance
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
double contrastRatio(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
} // namespace

QColor readableOn(QColor c, const QColor& bg) {
    const bool dark = luminance(bg) < 0.18; // where white and black text stand equally apart
    for (int i = 0; i < 24 && contrastRatio(c, bg) < 4.5; ++i)
        c = dark ? c.lighter(110) : c.darker(110);
    return c;
}

} // namespace rs::views
