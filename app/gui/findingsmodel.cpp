#include "app/gui/findingsmodel.h"

#include "core/query/reportoutliers.h"
#include "views/common/timemapping.h"
#include "views/common/unitsjoined.h"

#include <algorithm>

namespace rs::gui {

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setFindings(std::vector<Finding> findings, std::map<int, int> dataRank) {
    beginResetModel();
    m_findings = std::move(findings);
    m_dataRank = std::move(dataRank);
    endResetModel();
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::display(const Finding& f, int column) const {
    switch (column) {
    case Kind:
        return f.kindName;
    case Rank: {
        // a pipeline wait's rank and step are where its example wait is: a waiting rank, not a culprit, and
        // one of the steps it covers; the cells list the ranks and steps it names instead ("0-1": walk17b
        // #9, blank cells beside a sentence naming ranks 0, 1)
        if (multiRank(f)) {
            std::vector<int64_t> shown;
            for (int r : f.waitingRanks)
                shown.push_back(dataRank(r));
            return QString::fromStdString(query::rankRanges(shown));
        }
        if (!f.rank) return QString();
        return dataRank(*f.rank);
    }
    case Step:
        if (multiRank(f)) return QString::fromStdString(query::rankRanges(f.steps));
        return f.step ? QVariant(qlonglong(*f.step)) : QVariant(QString());
    case Cost:
        // only a job's lost time stands bare; other costs say what they are (on a line of their own: the
        // sentence keeps its share of a narrow dock)
        if (f.kind == model::FindingKind::PipelineWait && f.lostNs > 0)
            return tr("%1\nwaiting").arg(views::formatDuration(f.lostNs));
        if (f.lostNs > 0) return views::formatDuration(f.lostNs);
        if (f.extraNs > 0)
            return (f.kind == model::FindingKind::SlowLink ? tr("+%1\ntransfer") : tr("+%1\nkernels"))
                .arg(views::formatDuration(f.extraNs));
        return QString();
    case Text:
        // wrapped in the panel's column: a number keeps its unit on its line (the report's text does not
        // wrap, and keeps its plain spaces)
        return views::unitsJoined(m_kindInText && !f.kindName.isEmpty() ? f.kindName + ": " + f.text
                                                                        : f.text);
    }
    return {};
}

void FindingsModel::setKindInText(bool on) {
    if (on == m_kindInText) return;
    m_kindInText = on;
    if (rowCount() > 0) Q_EMIT dataChanged(index(0, Text), index(rowCount() - 1, Text), {Qt::DisplayRole});
}

bool FindingsModel::multiRank(const Finding& f) {
    return f.kind == model::FindingKind::PipelineWait || (!f.rank && !f.waitingRanks.empty());
}

int FindingsModel::dataRank(int rank) const {
    auto it = m_dataRank.find(rank);
    return it == m_dataRank.end() ? rank : it->second;
}

QVariant FindingsModel::sortValue(const Finding& f, int column) const {
    // a finding of several ranks or steps sorts by its first
    const bool several = multiRank(f);
    switch (column) {
    case Rank:
        if (several && !f.waitingRanks.empty())
            return dataRank(*std::min_element(f.waitingRanks.begin(), f.waitingRanks.end()));
        return f.rank && !several ? dataRank(*f.rank) : -1;
    case Step:
        if (several && !f.steps.empty()) return qlonglong(*std::min_element(f.steps.begin(), f.steps.end()));
        return f.step && !several ? qlonglong(*f.step) : qlonglong(-1);
    case Cost: // as the report orders them: lost time, then extra kernel time
        return double(f.lostNs) + double(f.extraNs) * 1e-9;
    default:
        return display(f, column);
    }
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const Finding& f = m_findings[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(f, index.column());
    case SortRole:
        return sortValue(f, index.column());
    case Qt::ToolTipRole: {
        QString tip = f.text.toHtmlEscaped();
        if (f.lostNs > 0) tip += "<br>" + lostSentence(f).toHtmlEscaped();
        if (f.waitedNs > 0)
            tip += "<br>" + tr("Ranks waited %1 in all.").arg(views::formatDuration(f.waitedNs));
        if (f.extraNs > 0)
            tip += "<br>" + (f.kind == model::FindingKind::SlowLink ? tr("Extra transfer time: %1.")
                                                                    : tr("Extra kernel time: %1."))
                                .arg(views::formatDuration(f.extraNs));
        return "<p>" + tip + "</p><p><i>" + tr("Click to select and zoom to it in every view") + "</i></p>";
    }
    case Qt::TextAlignmentRole:
        return index.column() == Rank || index.column() == Step || index.column() == Cost
                   ? QVariant(Qt::AlignRight | Qt::AlignTop)
                   : QVariant(Qt::AlignLeft | Qt::AlignTop);
    default:
        return {};
    }
}

QString FindingsModel::lostSentence(const Finding& f) {
    if (f.lostNs <= 0) return {};
    // a pipeline wait's time is the job's wall time in the receives: what a faster sender saves at most
    if (f.kind == model::FindingKind::PipelineWait)
        return tr("The job's wall time in these receives: %1 (each step's longest wait of a waiting rank, "
                  "summed over the steps).")
            .arg(views::formatDuration(f.lostNs));
    return tr("The job lost %1.").arg(views::formatDuration(f.lostNs));
}

QVariant FindingsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == Cost)
        return tr(
            "What the job lost (wall time); else what the finding cost where no job loss is measured: "
            "extra kernel time on the rank (+… kernels), a slow link's extra transfer time (+… transfer), "
            "the job's wall time in pipeline receives, each step's longest wait of a waiting rank (… "
            "waiting)");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Kind:
        return tr("Kind");
    case Rank:
        return tr("Rank");
    case Step:
        return tr("Step");
    case Cost:
        return tr("Cost");
    case Text:
        return tr("Finding");
    }
    return {};
}

} // namespace rs::gui
