#include "app/gui/stepfactstext.h"

#include "core/model/findingtext.h"
#include "core/model/waitalonetext.h"

#include "views/common/plural.h"
#include "views/common/timemapping.h"

#include <map>

namespace rs::gui {

QString stepWallShort(const query::StepDesc& s) {
    return QObject::tr("wall %1%2 (%3)")
        .arg(views::formatDuration(s.wall.wallNs))
        .arg(s.wall.partial() ? QStringLiteral(" ⚠") : QString())
        .arg(QString::fromStdString(model::wallSourceName(s.wall.source)));
}

QString stepWallLong(const query::StepDesc& s, int shownRank) {
    QString t = QObject::tr("wall %1, %2")
                    .arg(views::formatDuration(s.wall.wallNs))
                    .arg(QString::fromStdString(model::wallSourceText(s.wall.source)));
    if (s.wall.partial())
        t += "\n⚠ " + QObject::tr("%1 rank %2 step %3: %4")
                          .arg(QString::fromStdString(model::wallSourceName(s.wall.source)))
                          .arg(shownRank)
                          .arg(s.step)
                          .arg(QString::fromStdString(s.wall.partialText()));
    return t;
}

QString stepBoundsLong(const query::StepDesc& s, int64_t originNs) {
    const auto b = query::boundsOf(s.wall, s.startNs, s.endNs);
    QString t =
        QObject::tr("bounds %1 … %2 from the run's start (%3): %4")
            .arg(views::formatOffset(b.startNs - originNs, 1000),
                 views::formatOffset(b.endNs - originNs, 1000), views::formatDuration(b.endNs - b.startNs),
                 QString::fromStdString(model::stepBoundsText(b)));
    if (b.startNs != s.startNs || b.endNs != s.endNs)
        t += "\n" + QObject::tr("the step band the timeline draws: %1 … %2 (%3)")
                        .arg(views::formatOffset(s.startNs - originNs, 1000),
                             views::formatOffset(s.endNs - originNs, 1000),
                             views::formatDuration(s.endNs - s.startNs));
    return t;
}

QString stepWaitShort(const query::StepDesc& s, QString* why) {
    if (s.waitAlone) return QObject::tr("wait %1").arg(model::kWaitAloneText);
    if (s.waitUnknown.empty()) return QObject::tr("wait %1").arg(views::formatDuration(s.waitNs));
    if (why) *why = QString::fromStdString(s.waitUnknown);
    return QObject::tr("wait not known");
}

QString stepWaitsHtml(const query::ProfileSummary& summary, int rank, int64_t step) {
    QString html;
    std::map<std::string, std::pair<int64_t, int64_t>> tiny; // kind → (count, ns in all)
    std::map<std::string, nlohmann::json> tinySources; // kind → {source: ns}, as the report splits them
    const auto verb = [](const std::string& kind) {
        return kind == "collective_wait" ? QObject::tr("waited") : QObject::tr("idle");
    };
    for (const auto& w : summary.waits) {
        if (w.rank != rank || w.step != step) continue;
        if (w.durNs <= kTinyWaitNs) {
            auto& [n, ns] = tiny[w.kind];
            ++n;
            ns += w.durNs;
            if (!w.source.empty()) {
                auto& by = tinySources.try_emplace(w.kind, nlohmann::json::object()).first->second;
                by[w.source] = by.value(w.source, int64_t(0)) + w.durNs;
            }
            continue;
        }
        // measured and inferred waits are told apart ("measured in hccl_raw", "inferred from arrival order")
        const QString from =
            w.source.empty()
                ? QString()
                : " (" + QString::fromStdString(model::waitSourcesText({{w.source, w.durNs}})) + ")";
        html +=
            QString("<p>%1 <b>%2</b> in %3%4%5</p>")
                .arg(verb(w.kind), views::formatDuration(w.durNs),
                     QString::fromStdString(w.collective).toHtmlEscaped(),
                     w.blamedRank
                         ? QObject::tr(" for rank %1 (arrived last)").arg(summary.shownRank(*w.blamedRank))
                         : QString(),
                     from.toHtmlEscaped());
    }
    for (const auto& [kind, t] : tiny) {
        // folded, yet told apart as the others are: "measured in hccl_raw, 2 µs inferred from arrival order"
        const auto by = tinySources.find(kind);
        const std::string from = by == tinySources.end() ? std::string() : model::waitSourcesText(by->second);
        html += "<p>" +
                QObject::tr("%1 %2 or less %3 (%4 in all%5)")
                    .arg(verb(kind), views::formatDuration(kTinyWaitNs),
                         views::counted(t.first, QObject::tr("time"), QObject::tr("times")),
                         views::formatDuration(t.second),
                         from.empty() ? QString() : "; " + QString::fromStdString(from))
                    .toHtmlEscaped() +
                "</p>";
    }
    return html;
}

} // namespace rs::gui
