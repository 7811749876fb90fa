#include "views/tables/opsummarymodel.h"

#include "core/query/opkernelnames.h"
#include "views/common/kernelnamestip.h"
#include "views/common/timemapping.h"

#include <QColor>

namespace rs::views {

namespace {
/// The tooltip lines naming op type `op`'s kernels on rank key `rank` (kernelNamesTip).
QString kernelNamesOf(const query::HeatmapData& d, const std::string& op, int64_t rank) {
    const auto it = d.kernelNames.find(op);
    if (it == d.kernelNames.end()) return {};
    return kernelNamesTip(op, query::kernelNameCounts(it->second, rank), OpSummaryModel::tr("on this rank"));
}
} // namespace

void OpSummaryModel::setData(std::shared_ptr<const query::HeatmapData> d) {
    beginResetModel();
    m_rows.clear();
    m_cutNote.clear();
    m_emptyReason.clear();
    if (d && d->mode == query::HeatmapData::Mode::OpByRank) {
        m_cutNote = QString::fromStdString(query::cutRanksNote(*d));
        for (size_t r = 0; r < d->rows.size(); ++r)
            for (size_t c = 0; c < d->columns.size() && c < d->cells[r].size(); ++c) {
                if (!d->cells[r][c].present) continue;
                auto cut = d->cutRanks.find(d->columnKeys[c]);
                const QString files =
                    cut == d->cutRanks.end() ? QString() : QString::fromStdString(cut->second);
                // a partial rank's rows say so where they are read, not only in the caption
                m_rows.push_back(
                    {QString::fromStdString(d->rows[r]),
                     QString::fromStdString(d->columns[c]) + (files.isEmpty() ? "" : tr(" (partial)")),
                     int(d->columnKeys[c]), d->cells[r][c], r < d->rowMedianNs.size() ? d->rowMedianNs[r] : 0,
                     files, kernelNamesOf(*d, d->rows[r], d->columnKeys[c])});
            }
        // an empty table said nothing where the heatmap beside it says why (walk 25, cluster_propose)
        if (m_rows.empty())
            m_emptyReason = d->emptyReason.empty() ? tr("No device kernels with op statistics")
                                                   : QString::fromStdString(d->emptyReason);
    }
    endResetModel();
}

const OpSummaryModel::Row* OpSummaryModel::row(int r) const {
    return r >= 0 && size_t(r) < m_rows.size() ? &m_rows[size_t(r)] : nullptr;
}

int OpSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OpSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpSummaryModel::data(const QModelIndex& index, int role) const {
    const Row* r = row(index.row());
    if (!r) return {};
    const auto& c = r->cell;
    const int64_t ns[] = {0, 0, 0, c.totalNs, c.meanNs, c.medianNs, c.p95Ns, c.maxNs};
    if (role == Qt::UserRole) { // raw, for sorting
        switch (index.column()) {
        case OpType:
            return r->opType;
        case Rank:
            return r->rankKey;
        case Count:
            return qlonglong(c.count);
        case Ratio:
            return c.noSharedKernels ? -1.0 : c.ratio; // below every ratio
        default:
            return qlonglong(ns[index.column()]);
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case OpType:
            return r->opType;
        case Rank:
            return r->rankLabel;
        case Count:
            return qlonglong(c.count);
        case Ratio:
            if (c.noSharedKernels) return tr("no shared kernels");
            return c.ratio > 0 ? QString::asprintf("%.2f×", c.ratio) + (c.flagged ? tr(" slow") : QString())
                               : QString();
        default:
            return formatDuration(ns[index.column()]);
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Count)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && !r->cutFiles.isEmpty() &&
        (index.column() == Rank || index.column() == Ratio))
        return QColor(120, 120, 120); // a partial rank's ratio is no measurement of the card
    if (role == Qt::ForegroundRole && c.flagged && index.column() == Ratio) return QColor(200, 30, 40);
    if (role == Qt::ToolTipRole) return toolTip(*r);
    return {};
}

QString OpSummaryModel::toolTip(const Row& r) {
    const auto& c = r.cell;
    // rich text from its first character: an op type such as "kernel<MulFunctor>" at the start made Qt take
    // the tooltip for plain text and show its "<br>" and "&lt;" as written (walk 29)
    QString tip =
        "<qt>" + tr("%1 on %2: %3 kernels, %4 in all; median (lower middle) %5, p95 %6.")
                     .arg(r.opType.toHtmlEscaped(), r.rankLabel.toHtmlEscaped())
                     .arg(c.count)
                     .arg(formatDuration(c.totalNs), formatDuration(c.medianNs), formatDuration(c.p95Ns));
    if (c.noSharedKernels)
        tip += "<br>" + tr("× same kernels: none. No kernel name of it ran on another rank of the run: "
                           "there is nothing to compare it with, so the straggler test does not judge it.");
    else if (c.ratio > 0)
        tip +=
            "<br>" +
            tr("× same kernels: %1 the time the same kernels take on the run's ranks (Σ count × each "
               "kernel name's median here ÷ Σ count × its lower median over the ranks (of an even number the "
               "lower of the middle two), this one included, "
               "counts as this rank ran them; names no other rank ran left out): the heatmap's ratio, "
               "which the "
               "straggler test judges.")
                .arg(QString::asprintf("%.2f×", c.ratio));
    if (r.opTypeMedianNs > 0)
        tip += "<br>" + tr("The op type's median over the ranks (every kernel name together) is %1: this "
                           "rank's median is %2 of it.")
                            .arg(formatDuration(r.opTypeMedianNs))
                            .arg(QString::asprintf("%.3f×", double(c.medianNs) / double(r.opTypeMedianNs)));
    if (!r.cutFiles.isEmpty())
        tip +=
            "<br><b>" +
            tr("Partial rank: %1 cut or not read. This row holds only the kernels read, so its figures and "
               "its ratio compare a partial rank with whole ones.")
                .arg(r.cutFiles.toHtmlEscaped()) +
            "</b>";
    if (!r.kernelNames.isEmpty()) tip += "<br>" + r.kernelNames;
    return tip + "<br>" + tr("Click: select it in every view and go to its longest kernel") + "</qt>";
}

QVariant OpSummaryModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == Ratio)
        return tr(
            "The rank's kernels against the same kernels on the run's ranks: Σ count × each kernel name's "
            "median here ÷ Σ count × its lower median across the ranks (this one included; of two ranks, "
            "the faster's), counts as this "
            "rank ran each name, over the names another rank ran too (\"no shared kernels\": none did); the "
            "heatmap's ratio and the straggler test's. Not the op type's "
            "median over ranks: a cell's tooltip gives that as well.");
    if (role == Qt::ToolTipRole && section == Median)
        return tr("The lower median of the rank's kernels: the ⌈n/2⌉-th shortest, a duration one of them "
                  "took (of an even count not midway between the middle two).");
    if (role != Qt::DisplayRole) return {};
    static const char* names[] = {
        "op type", "rank", "count", "total", "mean", "median (lower middle)", "p95", "max", "× same kernels"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace rs::views
