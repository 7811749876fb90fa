#include "app/gui/stepfactstext.h"

#include "core/model/findingtext.h"
#include "core/model/waitalonetext.h"

#include "views/common/plural.h"
#include "views/common/timemapping.h"

#include <map>
#include <set>

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

namespace {

using TinyWaits = std::map<std::string, std::pair<int64_t, int64_t>>; // kind → (count, ns in all)
using TinySources = std::map<std::string, nlohmann::json>;            // kind → {source: ns}

void foldTinyWait(TinyWaits& tiny, TinySources& sources, const std::string& kind, const std::string& source,
                  int64_t ns) {
    auto& [n, all] = tiny[kind];
    ++n;
    all += ns;
    if (source.empty()) return;
    auto& by = sources.try_emplace(kind, nlohmann::json::object()).first->second;
    by[source] = by.value(source, int64_t(0)) + ns;
}

// " (measured in hccl_raw; drawn as 3 runs of its wait tasks)": measured and inferred waits told apart,
// and where a whole wait was stored in pieces, how many, so the lane's several hatched runs add up to it
QString waitNotes(const query::WaitDesc& w, int64_t ns) {
    QStringList notes;
    if (!w.source.empty()) notes << QString::fromStdString(model::waitSourcesText({{w.source, ns}}));
    if (w.pieces > 1)
        notes << QObject::tr("drawn as %1 of its wait tasks")
                     .arg(views::counted(w.pieces, QObject::tr("run"), QObject::tr("runs")));
    return notes.isEmpty() ? QString() : " (" + notes.join("; ") + ")";
}

} // namespace

QString stepWaitsHtml(const query::ProfileSummary& summary, int rank, int64_t step) {
    QString html;
    TinyWaits tiny;
    TinySources tinySources; // as the report splits them
    const auto verb = [](const std::string& kind) {
        return kind == "collective_wait" ? QObject::tr("waited") : QObject::tr("idle");
    };
    // a collective's wait stored as several pieces (one per run of its wait tasks) is one wait: said once,
    // whole, as its source measured it (walk 28: 5.62 ms and 30.9 µs "measured in communication.json" read
    // as two measurements where the file holds one value per op)
    std::set<std::pair<std::string, int64_t>> saidWhole; // (collective, its whole wait) already said
    for (const auto& w : summary.waits) {
        if (w.rank != rank || w.step != step) continue;
        if (w.pieces > 1 && !saidWhole.emplace(w.collective, w.wholeNs()).second) continue;
        const int64_t ns = w.pieces > 1 ? w.wholeNs() : w.durNs;
        if (ns <= kTinyWaitNs) {
            foldTinyWait(tiny, tinySources, w.kind, w.source, ns);
            continue;
        }
        html +=
            QString("<p>%1 <b>%2</b> in %3%4%5</p>")
                .arg(verb(w.kind), views::formatDuration(ns),
                     QString::fromStdString(w.collective).toHtmlEscaped(),
                     w.blamedRank
                         ? QObject::tr(" for rank %1 (arrived last)").arg(summary.shownRank(*w.blamedRank))
                         : QString(),
                     waitNotes(w, ns).toHtmlEscaped());
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
