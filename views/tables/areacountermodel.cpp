#include "views/tables/areacountermodel.h"

#include "views/common/timemapping.h"

#include <QFont>
#include <cmath>

namespace rs::views {

namespace {
QString valueText(double v, bool bytes) {
    if (bytes) return formatBytes(int64_t(v));
    // whole numbers as they are (a KB counter of 2 164 460 is not 2.16446e+06); others to 6 significant
    // digits or, past 1000, one decimal
    if (std::abs(v) < 1e15 && v == std::floor(v)) return QString::number(qint64(v));
    return std::abs(v) >= 1000 ? QString::number(v, 'f', 1) : QString::number(v, 'g', 6);
}
} // namespace

void AreaCounterModel::setStats(std::shared_ptr<const query::AreaStats> s, std::map<int, int> dataRank) {
    beginResetModel();
    m_stats = std::move(s);
    m_dataRank = std::move(dataRank);
    endResetModel();
}

int AreaCounterModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_stats ? 0 : int(m_stats->counters.size());
}

int AreaCounterModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AreaCounterModel::data(const QModelIndex& index, int role) const {
    if (!m_stats || index.row() < 0 || size_t(index.row()) >= m_stats->counters.size()) return {};
    const auto& r = m_stats->counters[size_t(index.row())];
    const int c = index.column();
    const double values[] = {0, 0, r.first.value_or(0), r.last, r.min, r.max};
    if (role == Qt::UserRole) {
        if (c == Rank) { // the producer's number, as shown
            const auto it = m_dataRank.find(r.rank);
            return it == m_dataRank.end() ? r.rank : it->second;
        }
        if (c == Lane) return QString::fromStdString(r.name);
        if (c == Samples) return qlonglong(r.samples);
        return values[c];
    }
    if (role == Qt::DisplayRole) {
        if (c == Rank) {
            const auto it = m_dataRank.find(r.rank);
            return it == m_dataRank.end() ? r.rank : it->second;
        }
        if (c == Lane) return QString::fromStdString(r.name);
        if (c == Samples) return qlonglong(r.samples);
        if (c == First && !r.first) return tr("–");
        return valueText(values[c], r.bytes);
    }
    // no sample inside: every figure is the value held from before the start, said and set apart (walk 54b:
    // text/level1's AI Core Freq read "first 1800 last 1800 min 1800 max 1800, samples 0" as if measured
    // there)
    if (r.samples == 0 && c >= First && c != Samples) {
        if (role == Qt::ToolTipRole) return heldText();
        if (role == Qt::FontRole) {
            QFont f;
            f.setItalic(true);
            return f;
        }
    }
    if (role == Qt::TextAlignmentRole && c >= First) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QString AreaCounterModel::heldText() {
    return tr("No sample inside the area: the value held from the last sample before its start");
}

QVariant AreaCounterModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    static const char* names[] = {"rank", "counter", "first", "last", "min", "max", "samples"};
    if (role == Qt::DisplayRole)
        return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
    if (role == Qt::ToolTipRole && section == First)
        // several samples can share a time (a demo's counter is 64 MiB then 3 GiB at t = 0): which is meant
        return tr("The value at the area's start: the first sample at the start itself, in the file's order, "
                  "else the last one before it (– before the lane's first sample)");
    if (role == Qt::ToolTipRole && section == Last)
        return tr("The value in force at the area's end: the last sample before it, in the file's order");
    if (role == Qt::ToolTipRole && (section == Min || section == Max))
        return tr("Over the values in force in the area: the one held at its start and the samples inside "
                  "it");
    if (role == Qt::ToolTipRole && section == Samples)
        return tr("Samples inside the area (0: the figures, in italics, are the value held from before it)");
    return {};
}

} // namespace rs::views
