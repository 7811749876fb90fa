#include "app/gui/reportsummaryblocks.h"

#include "core/model/plural.h"
#include "core/model/timetext.h"
#include "core/query/ranksummary.h"
#include "core/query/reportoutliers.h"

#include <QObject>

namespace rs::gui {

namespace {
QString s(const std::string& v) {
    return QString::fromStdString(v);
}
ReportBlock block(ReportBlock::Kind kind, const QString& text) {
    ReportBlock b;
    b.kind = kind;
    b.text = text;
    return b;
}
} // namespace

std::vector<ReportBlock> summaryBlocks(const query::SectionSummary& sum) {
    std::vector<ReportBlock> out;
    out.push_back(block(ReportBlock::Kind::Paragraph, s(sum.line) + "."));
    if (sum.outliers.empty()) {
        out.push_back(block(ReportBlock::Kind::Paragraph, QObject::tr("No outlying rank.")));
        return out;
    }
    out.push_back(block(ReportBlock::Kind::Paragraph,
                        QObject::tr("Outlying ranks (flagged by a finding, or above median + 3 MAD):")));
    ReportBlock t;
    t.kind = ReportBlock::Kind::Table;
    t.header << QObject::tr("rank");
    for (const auto& c : sum.columns)
        t.header << s(c);
    t.header << QObject::tr("finding");
    for (const auto& o : sum.outliers) {
        QStringList row{QString::number(o.rank)};
        for (const auto& f : o.figures)
            row << s(f);
        row << s(o.finding);
        t.rows.push_back(row);
    }
    out.push_back(t);
    if (sum.moreOutliers)
        out.push_back(block(ReportBlock::Kind::Note,
                            QObject::tr("… and %1 more outlying (rankscope report --json lists every rank).")
                                .arg(sum.moreOutliers)));
    return out;
}

std::vector<ReportBlock> outlierStepGroupBlocks(const nlohmann::json& report) {
    const auto groups = query::outlierStepsByStep(report);
    if (groups.empty()) return {};
    ReportBlock t;
    t.kind = ReportBlock::Kind::Table;
    t.header = {QObject::tr("step"), QObject::tr("ranks"), QObject::tr("wall"), QObject::tr("typical"),
                QObject::tr("why")};
    for (size_t i = 0; i < groups.size() && i < query::kMostOutliersListed; ++i) {
        const auto& g = groups[i];
        t.rows.push_back({s(query::outlierStepGroupLabel(g)),
                          s(model::counted(int64_t(g.ranks.size()), "rank", "ranks") + " (" +
                            query::rankRanges(g.ranks) + ")"),
                          s(query::wallRangeText(g)), s(model::formatDuration(g.typicalNs)), s(g.cause)});
    }
    std::vector<ReportBlock> out{block(ReportBlock::Kind::Paragraph, QObject::tr("Outlier steps, by step:")),
                                 t};
    if (groups.size() > query::kMostOutliersListed)
        out.push_back(
            block(ReportBlock::Kind::Note, QObject::tr("… and %1 more steps (rankscope report --json "
                                                       "lists them).")
                                               .arg(groups.size() - query::kMostOutliersListed)));
    return out;
}

} // namespace rs::gui
