#include "app/gui/detailspanel.h"

#include "app/gui/stepfactstext.h"

#include "app/gui/findingnavigator.h"
#include "core/query/namekinds.h"
#include "core/query/wholetracestep.h"
#include "views/common/plural.h"
#include "views/common/rankname.h"
#include "views/common/timemapping.h"
#include "views/details/histogramview.h"

#include <QTextBrowser>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

namespace rs::gui {

using views::Selection;

namespace {
QString row(const QString& k, const QString& v) {
    return "<tr><td><b>" + k + "</b></td><td>" + v.toHtmlEscaped() + "</td></tr>";
}

/// row(k, v), or nothing where the files give no value (an Ascend kernel has no category: walk 23).
QString rowIfAny(const QString& k, const QString& v) {
    return v.isEmpty() ? QString() : row(k, v);
}

QString argsHtml(const std::string& argsJson) {
    if (argsJson.empty()) return {};
    const auto j = nlohmann::json::parse(argsJson, nullptr, false);
    QString html = "<h4>" + QObject::tr("args") + "</h4><table>";
    if (j.is_object())
        for (auto& [k, v] : j.items())
            html +=
                row(QString::fromStdString(k),
                    QString::fromStdString(
                        v.is_string() ? v.get<std::string>()
                                      : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
    return html + "</table>";
}
} // namespace

DetailsPanel::DetailsPanel(views::InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_text(new QTextBrowser),
      m_histogram(new views::HistogramView) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    m_text->setPlaceholderText(tr("Click a span, a wait or a finding to see its details."));
    m_histogram->hide();
    lay->addWidget(m_text, 2);
    lay->addWidget(m_histogram, 1);
    connect(m_state, &views::InteractionState::selectionChanged, this, &DetailsPanel::onSelection);
    connect(m_service, &query::QueryService::spanDetailReady, this, &DetailsPanel::onSpanDetail);
    connect(m_service, &query::QueryService::resultReady, this, &DetailsPanel::onResult);
}

void DetailsPanel::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    m_detailRequest = m_histRequest = 0;
    m_findingHtml.clear();
    m_body.clear();
    m_memoryHtml.clear();
    m_highlightHtml.clear();
    m_histogram->setHistogram(nullptr);
    m_histogram->hide();
    m_text->setPlainText(m_summary ? QString::fromStdString(m_summary->reportText) : QString());
}

void DetailsPanel::showFinding(const Finding& f) {
    m_findingHtml = FindingNavigator::describe(f);
    render();
}

QString DetailsPanel::plainText() const {
    return m_text->toPlainText();
}

void DetailsPanel::render() {
    if (m_findingHtml.isEmpty() && m_body.isEmpty() && m_highlightHtml.isEmpty() && m_memoryHtml.isEmpty()) {
        m_text->clear();
        return;
    }
    m_text->setHtml(m_findingHtml + m_body + m_highlightHtml + m_memoryHtml);
}

void DetailsPanel::onSelection(const Selection& s) {
    // what the panel showed belongs to the previous selection: cleared before the new answers arrive, and
    // answers still on their way for it are dropped
    m_detailRequest = m_histRequest = 0;
    m_findingHtml.clear();
    m_body.clear();
    m_memoryHtml.clear();
    m_highlightHtml.clear();
    m_histogram->setHistogram(nullptr);
    m_histogram->hide();
    m_text->setPlaceholderText(s.kind == Selection::Kind::Span && s.spanId
                                   ? tr("Reading the span's details…")
                                   : tr("Click a span, a wait or a finding to see its details."));
    switch (s.kind) {
    case Selection::Kind::Span:
        if (s.spanId) m_detailRequest = m_service->requestSpanDetail(s.spanId);
        break;
    case Selection::Kind::OpType:
        if (s.rank >= 0 && !s.opType.isEmpty()) {
            m_histRequest = m_service->requestHistogram(s.opType, s.rank);
            m_body = opTypeHtml(s);
            m_highlightHtml = opHighlightHtml(s);
        }
        break;
    case Selection::Kind::Tensor:
        m_body = tensorHtml(s);
        break;
    case Selection::Kind::Step:
        m_body = stepHtml(s);
        break;
    case Selection::Kind::CommLink:
        m_body = linkHtml(s);
        break;
    case Selection::Kind::None:
        break;
    }
    render();
}

QString DetailsPanel::linkHtml(const Selection& s) const {
    // what the Communication view's tooltip gives depends on the link's source: hccl_raw names no size
    // unit (so no bytes, no GB/s), Kineto's logical bytes have no time
    const QString figures =
        s.linkSize == Selection::LinkSize::HcclRawUnits
            ? tr("its size in units as in hccl_raw (no file names the unit) and its time; "
                 "no bandwidth")
        : s.linkSize == Selection::LinkSize::LogicalBytes ? tr("its logical bytes (no time, no bandwidth)")
                                                          : tr("its bytes, time and bandwidth");
    return tr("<h3>Link %1 → %2</h3><p>Group %3, %4. Its collectives (on the link's source rank, and on "
              "its destination when the ranks are global) are outlined on the timeline; the Communication "
              "view's tooltip gives %5.</p>")
        .arg(s.linkSrc)
        .arg(s.linkDst)
        .arg(s.group.isEmpty() ? tr("(every group)") : s.group.toHtmlEscaped())
        .arg(s.step >= 0 ? tr("step %1").arg(s.step) : tr("all steps"))
        .arg(figures);
}

QString DetailsPanel::opTypeHtml(const Selection& s) const {
    return tr("<h3>%1 on %2</h3>").arg(s.opType.toHtmlEscaped(), rankText(s.rank).toHtmlEscaped());
}

QString DetailsPanel::opHighlightHtml(const Selection& s) const {
    const std::string op = s.opType.toStdString();
    const auto ids = m_summary ? query::highlightedOpTypes(*m_summary, op) : std::vector<int32_t>{};
    QStringList types;
    for (int32_t id : ids)
        types << QString::fromStdString(m_summary->strings[size_t(id)]).toHtmlEscaped();
    // the memory map's part is said once it has looked (memoryHighlightShown): whether any tensor's record
    // names the op is the map's to know, and Ascend's name aten:: ops, never MatMulV2 (walk18b #3)
    if (ids.size() == 1 && m_summary->strings[size_t(ids.front())] == op)
        return tr("<p>Spans of this op type on this rank are highlighted on the timeline.</p>");
    if (!ids.empty()) // a bank anomaly's "AllReduce": the memory records name the collective's algorithm
        return tr("<p>No span has this op type: the memory records name a collective by its algorithm. "
                  "The collectives of op type %1 on this rank are highlighted on the timeline.</p>")
            .arg(types.join(", "));
    return tr("<p>No span has this op type and no collective is named by it: nothing is highlighted "
              "on the timeline (every span is dimmed).</p>");
}

void DetailsPanel::timelineHighlightShown(const QString& op, int rank, qint64 kernels, qint64 notDrawn,
                                          const QString& why, const QString& how) {
    const Selection& s = m_state->selection();
    if (s.kind != Selection::Kind::OpType || s.opType != op || s.rank != rank || notDrawn <= 0) return;
    const QString to = how.isEmpty() ? QString() : tr(" To see them: %1.").arg(how.toHtmlEscaped());
    m_highlightHtml =
        notDrawn >= kernels
            ? tr("<p><b>Not drawn:</b> the %1 of this op type on this rank are all on lanes %2, so no "
                 "highlight of them is on the timeline.%3</p>")
                  .arg(views::counted(kernels, tr("kernel"), tr("kernels")), why.toHtmlEscaped(), to)
            : tr("<p>Spans of this op type on this rank are highlighted on the timeline, but %1 of the %2 "
                 "are on lanes %3, not drawn.%4</p>")
                  .arg(notDrawn)
                  .arg(views::counted(kernels, tr("kernel"), tr("kernels")), why.toHtmlEscaped(), to);
    render();
}

void DetailsPanel::memoryHighlightShown(const QString& op, int rank, int tensors) {
    const Selection& s = m_state->selection();
    if (s.kind != Selection::Kind::OpType || s.opType != op || (s.rank >= 0 && s.rank != rank)) return;
    m_memoryHtml =
        tensors > 0
            ? tr("<p>In the memory map, the %1 whose records name %2 as the op that allocated them, or "
                 "one of its kernels (a \"cann::\" prefix aside), are highlighted.</p>")
                  .arg(views::counted(tensors, tr("tensor"), tr("tensors")), op.toHtmlEscaped())
            : tr("<p>No tensor in rank %1's memory map names %2's ops (its records may name the op "
                 "otherwise, e.g. by the framework op that ran it): nothing is highlighted there, and no "
                 "tensor is dimmed.</p>")
                  .arg(m_summary ? m_summary->shownRank(rank) : rank)
                  .arg(op.toHtmlEscaped());
    render();
}

void DetailsPanel::onSpanDetail(quint64 id, const std::optional<query::SpanDetail>& d) {
    if (id != m_detailRequest || !d) return;
    m_body = spanHtml(*d);
    render();
}

void DetailsPanel::onResult(quint64 id, const QVariant& v) {
    if (id != m_histRequest) return;
    auto h = v.value<std::shared_ptr<const query::Histogram>>();
    if (h &&
        !h->unknown.empty()) { // the rank's shard is missing: not known, never "no kernels" or "highlighted"
        m_body = tr("<h3>%1 on %2</h3>")
                     .arg(QString::fromStdString(h->opType).toHtmlEscaped(), rankText(h->rank)) +
                 "<p><i>" + QString::fromStdString(h->unknown).toHtmlEscaped() + "</i></p>";
        m_highlightHtml.clear(); // nothing of it is read, so nothing of it is drawn
        render();
        return;
    }
    if (!h || h->counts.empty()) {
        // an op type without device kernels on the rank (a bank anomaly's AllReduce): nothing to plot, and
        // an empty chart asking for a heatmap cell would read as a fault
        m_body += "<p><i>" + tr("No device kernels of this op type on this rank: no duration histogram.") +
                  "</i></p>";
        render();
        return;
    }
    const int rank = h->rank;
    m_histogram->setHistogram(std::move(h), rankText(rank));
    m_histogram->show();
}

QString DetailsPanel::rankText(int key) const {
    // the number the lanes show (the producer's), never the index key (walk 16: "rank / track 10000"
    // beside a lane "Rank 0"), with its run where the folder holds several
    return views::rankName(m_summary.get(), key);
}

QString DetailsPanel::stepName(int rank, int64_t step) const {
    // a rank without step marks has one pseudo step 0, its whole trace: the report counts no step there
    // (walk 28: Details said "step 0" beside "0 steps (+1 whole trace)")
    if (m_summary && query::isWholeTraceStep(*m_summary, rank, step))
        return tr("whole trace (no step marks)");
    return tr("step %1").arg(step);
}

QString DetailsPanel::noStepText(const query::SpanDetail& d) const {
    // say which side of the steps it falls on: a device span after the last step's end was launched in it
    // (walk 52: ns_resolution_trace's kernels after step 105), and "-" read as a lost step
    const query::StepDesc* last = nullptr;
    if (m_summary)
        for (const auto& s : m_summary->steps)
            if (s.rank == d.rank && (!last || s.startNs > last->startNs)) last = &s;
    if (!last) return tr("-"); // the rank has no step
    if (d.tsNs < last->endNs) return tr("none: before the first step");
    return d.hostTrack ? tr("none: it starts after step %1 ends").arg(last->step)
                       : tr("none: it starts on the device after step %1 ends (it may have been launched in "
                            "it; a device span's step is the one its device start falls in)")
                             .arg(last->step);
}

QString DetailsPanel::spanHtml(const query::SpanDetail& d) const {
    QString html = QString("<h3>%1</h3><table>").arg(QString::fromStdString(d.name).toHtmlEscaped());
    html += row(tr("op type"), QString::fromStdString(d.opType));
    html += row(tr("duration"), views::formatDuration(d.durNs) + QString(" (%1 ns)").arg(d.durNs));
    html +=
        row(tr("start"),
            QString("%1 (%2 ns)").arg(views::formatOffset(d.tsNs - m_state->boundsStart(), 1)).arg(d.tsNs));
    html += row(tr("rank"), rankText(d.rank));
    html += row(tr("track"), QString::fromStdString(d.track));
    const bool whole = d.step && m_summary && query::isWholeTraceStep(*m_summary, d.rank, *d.step);
    // a device span's step is the one its device start falls in: a kernel launched late in a step may
    // run in the next one (walk 38: ns_resolution_trace's bn_bw kernel, "step 104", was launched in 103)
    html += row(tr("step"),
                whole    ? tr("none: the whole trace (no step marks)")
                : d.step ? (d.hostTrack ? QString::number(*d.step)
                                        : tr("%1 (by its start on the device, not its launch)").arg(*d.step))
                         : noStepText(d));
    html += row(tr("depth"), QString::number(d.depth));
    html += rowIfAny(tr("category"), QString::fromStdString(d.category));
    html += rowIfAny(tr("file"), QString::fromStdString(d.file));
    return html + "</table>" + argsHtml(d.argsJson);
}

QString DetailsPanel::tensorHtml(const Selection& s) const {
    QString html = tr("<h3>tensor %1</h3><p>allocated by <b>%2</b> on %3%4</p>")
                       .arg(s.tensorLabel().toHtmlEscaped(), s.opType.toHtmlEscaped(), rankText(s.rank))
                       .arg(s.step < 0 ? QString()
                            // a rank without step marks: its whole trace is the index's step 0 (walk 30)
                            : m_summary && query::isWholeTraceStep(*m_summary, s.rank, s.step)
                                ? tr(" (the rank has no step marks)")
                                : tr(" in step %1").arg(s.step));
    html += "<p>";
    if (s.bytes >= 0) html += tr("size %1 (%2 bytes)<br>").arg(views::formatBytes(s.bytes)).arg(s.bytes);
    if (s.addr) html += tr("address 0x%1<br>").arg(*s.addr, 0, 16);
    const int64_t origin = m_state->boundsStart();
    if (s.startNs > 0)
        html +=
            tr("allocated at %1 from the run's start<br>").arg(views::formatOffset(s.startNs - origin, 1000));
    if (s.startNs > 0 && s.endNs > s.startNs)
        html +=
            tr("freed at %1, lifetime %2")
                .arg(views::formatOffset(s.endNs - origin, 1000), views::formatDuration(s.endNs - s.startNs));
    else if (s.startNs > 0)
        html += tr("not freed in the profile (alive at its end)");
    return html + "</p>";
}

QString DetailsPanel::stepHtml(const Selection& s) const {
    if (!m_summary) return {};
    // ranks as the lanes name them: a colliding run's key (10001) is no number its files say
    QString html = tr("<h3>Rank %1, %2</h3>").arg(m_summary->shownRank(s.rank)).arg(stepName(s.rank, s.step));
    for (const auto& st : m_summary->steps)
        if (st.rank == s.rank && st.step == s.step) {
            html += "<p>" +
                    stepWallLong(st, m_summary->shownRank(s.rank)).toHtmlEscaped().replace("\n", "<br>") +
                    "</p>";
            html += "<p>" + stepBoundsLong(st, m_state->boundsStart()).toHtmlEscaped().replace("\n", "<br>") +
                    "</p>";
            QString why;
            const QString wait = stepWaitShort(st, &why);
            html += "<p>" + wait.toHtmlEscaped() + (why.isEmpty() ? QString() : ": " + why.toHtmlEscaped()) +
                    "</p>";
        }
    html += stepWaitsHtml(*m_summary, s.rank, s.step);
    for (const auto& st : m_summary->steps)
        if (st.rank == s.rank && st.step == s.step && st.outlier)
            html += "<p><b>" + tr("Outlier step:") + "</b> " +
                    QString::fromStdString(st.cause).toHtmlEscaped() + "</p>";
    return html;
}

} // namespace rs::gui
