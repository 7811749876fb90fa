#include "app/gui/manyrankspicture.h"

#include "core/query/reportsummary.h"

#include <QObject>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace rs::gui {

std::optional<ManyRanksPicture> manyRanksPicture(const query::ProfileSummary& s) {
    if (s.ranks.size() <= size_t(kOverviewPictureRanks)) return std::nullopt;
    const auto report = nlohmann::json::parse(s.reportJson, nullptr, false);
    if (!report.is_object()) return std::nullopt;
    const query::PictureRanks picture = query::pictureRanks(report);
    ManyRanksPicture out;
    QStringList outlying;
    for (int64_t r : picture.outlying) {
        out.ranks.insert(int(r));
        outlying << QString::number(r);
    }
    if (picture.typical >= 0) out.ranks.insert(int(picture.typical));
    if (out.ranks.empty()) return std::nullopt;
    out.note = QObject::tr("%1 ranks are more than one picture shows: ").arg(s.ranks.size());
    if (!outlying.isEmpty()) out.note += QObject::tr("the outlying ranks %1").arg(outlying.join(", "));
    if (picture.typical >= 0)
        out.note += (outlying.isEmpty() ? QString() : QObject::tr(" and ")) +
                    QObject::tr("rank %1, a typical one").arg(picture.typical);
    out.note += QObject::tr(" (others: rankscope export --ranks, or ranks expanded in the app)");
    return out;
}

bool isDefaultRankLayout(const views::LayoutOptions& o, const query::ProfileSummary& s) {
    views::LayoutOptions opened = o;
    views::applyRankDefaults(opened, s);
    return o.onlyRanks.empty() && o.filter.isEmpty() && o.pinned.empty() &&
           o.collapsedRanks == opened.collapsedRanks;
}

QString timelinePictureLabel(const views::LayoutOptions& o, const query::ProfileSummary& s) {
    const auto picture = isDefaultRankLayout(o, s) ? manyRanksPicture(s) : std::nullopt;
    if (!picture) return QObject::tr("Timeline — every lane of the shown ranks");
    return QObject::tr(
               "Timeline — the lanes of %1 of the %2 ranks, the outlying ones and a typical one (all are "
               "too many for one picture)")
        .arg(picture->ranks.size())
        .arg(s.ranks.size());
}

void showRanks(views::LayoutOptions& o, const std::set<int>& ranks) {
    o.onlyRanks = ranks;
    if (!ranks.empty() && ranks.size() <= size_t(views::LayoutOptions::kOverviewRanks))
        for (int r : ranks) // a few ranks asked for by name: their lanes, not their overview rows
            o.collapsedRanks.erase(r);
}

} // namespace rs::gui
