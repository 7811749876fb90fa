#include "views/memory/bankstrip.h"

#include "views/memory/memorymapcanvas.h"

#include <QPainter>
#include <algorithm>

namespace rs::views {

BankStrip::BankStrip(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(20);
}

int BankStrip::bankRows() const {
    if (!m_data) return 0;
    int64_t maxBank = m_data->bankCount - 1;
    for (const auto& t : m_data->tensors)
        if (t.bank) maxBank = std::max(maxBank, *t.bank);
    return int(std::min<int64_t>(maxBank + 1, 64));
}

QFont BankStrip::labelFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() - 2.5));
    return small;
}

int BankStrip::labelledHeight() const {
    // every bank's row as tall as its label, up to 16 banks (more: every k-th label): at 7 px a row, the
    // 8 banks of an Ascend card were labelled 0, 2, 4, 6, and bank 5's row read as bank 4's (walk 20a)
    const int rows = std::min(bankRows(), 16);
    return std::max(20, rows * QFontMetrics(labelFont()).height() + 4);
}

QSize BankStrip::sizeHint() const {
    return {400, labelledHeight()};
}

void BankStrip::setData(std::shared_ptr<const query::MemoryMapData> d) {
    m_data = std::move(d);
    setMinimumHeight(labelledHeight());
    updateGeometry();
    update();
}

void BankStrip::setTimeWindow(qint64 t0, qint64 t1) {
    m_t0 = t0;
    m_t1 = std::max(t1, t0 + 1);
    update();
}

std::vector<double> BankStrip::occupancy(int bank, int buckets) const {
    std::vector<double> diff(size_t(buckets) + 1, 0.0);
    if (!m_data || m_data->bankSizeBytes <= 0 || buckets <= 0)
        return std::vector<double>(size_t(std::max(buckets, 0)), 0.0);
    double w = double(m_t1 - m_t0) / buckets;
    for (const auto& t : m_data->tensors) {
        if (!t.bank || *t.bank != bank) continue;
        int64_t a = t.allocNs.value_or(m_data->startNs), f = t.freeNs.value_or(m_t1);
        int b0 = std::clamp(int(std::floor(double(a - m_t0) / w)), 0, buckets);
        int b1 = std::clamp(int(std::ceil(double(f - m_t0) / w)), 0, buckets);
        if (b1 <= b0) continue;
        diff[size_t(b0)] += double(t.sizeBytes);
        diff[size_t(b1)] -= double(t.sizeBytes);
    }
    std::vector<double> occ(static_cast<size_t>(buckets), 0.0);
    double run = 0;
    for (int i = 0; i < buckets; ++i) {
        run += diff[size_t(i)];
        occ[size_t(i)] = run / double(m_data->bankSizeBytes);
    }
    return occ;
}

void BankStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    int rows = bankRows();
    if (!m_data || rows == 0 || !m_data->hasAddresses) return;
    int left = MemoryMapCanvas::kLeft, w = std::max(1, width() - left - 8);
    int rowH = std::max(4, (height() - 4) / rows);
    const QFont small = labelFont();
    p.setFont(small);
    for (int b = 0; b < rows; ++b) {
        auto occ = occupancy(b, w);
        int y = 2 + b * rowH;
        for (int x = 0; x < w; ++x) {
            double o = std::clamp(occ[size_t(x)], 0.0, 1.0);
            if (o <= 0) continue;
            p.fillRect(QRect(left + x, y, 1, rowH - 1),
                       QColor::fromHsvF(0.58f, float(0.25 + 0.75 * o), float(0.95 - 0.5 * o)));
        }
        // a label only where the row is as tall as its text (every k-th row otherwise), so none overlap
        const int fh = QFontMetrics(small).height();
        const int every = rowH >= fh ? 1 : (fh + rowH - 1) / rowH;
        if (b % every == 0) {
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(4, y + rowH / 2 - fh / 2, left - 8, fh), Qt::AlignVCenter | Qt::AlignRight,
                       tr("bank %1").arg(b));
        }
    }
}

} // namespace rs::views
