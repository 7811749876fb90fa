#include "views/comm/commmatrixview.h"

#include "views/common/plural.h"

#include "core/model/commtext.h"
#include "views/common/timemapping.h"

#include "views/common/elidedlabel.h"

#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

namespace rs::views {

namespace {
/// What of a link's collectives the timeline outlines: all, some (the rest have no span: known from a
/// communication file only, or in a cluster index's shard that is missing), or none.
QString drawnText(const query::LinkSpans& s) {
    const int64_t drawn = int64_t(s.spans.size()), missing = s.unread;
    const int64_t spanless = s.collectives - drawn - missing;
    QStringList why;
    if (spanless > 0) why << QObject::tr("%1 without a span to draw").arg(spanless);
    if (missing > 0) why << QObject::tr("%1 in a shard of the cluster index that is missing").arg(missing);
    if (drawn == 0) return QObject::tr("; none outlined on the timeline (%1)").arg(why.join(", "));
    return QObject::tr(" outlined on the timeline") +
           (why.isEmpty() ? QString() : " (" + why.join(", ") + ")");
}
} // namespace

namespace {
/// The same link (what a selection names, whatever its resolved spans and extent).
bool sameLink(const Selection& a, const Selection& b) {
    return a.kind == b.kind && a.group == b.group && a.linkSrc == b.linkSrc && a.linkDst == b.linkDst &&
           a.step == b.step;
}

QString groupLabel(const query::CommGroupInfo& g) {
    return (g.label.empty() ? QString() : QString::fromStdString(g.label) + " · ") +
           QString::fromStdString(g.name) + (g.scope == "global" ? QString() : QObject::tr(" (group-local)"));
}
} // namespace

CommMatrixView::CommMatrixView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_canvas(new CommMatrixCanvas) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    auto* row = new QHBoxLayout;
    m_metric = new QComboBox;
    m_metric->addItem(tr("bandwidth"), int(CommMetric::Bandwidth));
    m_metric->addItem(tr("size"), int(CommMetric::Size));
    m_metric->addItem(tr("time"), int(CommMetric::Time));
    m_metric->addItem(tr("transport type"), int(CommMetric::Transport));
    m_metric->setToolTip(tr("What the colour shows: bandwidth (GB/s = bytes / transit time), transit size, "
                            "transit time, or the transport type"));
    m_step = new QComboBox;
    m_step->setToolTip(tr("The step whose links are summed (all steps: every step's)"));
    m_step->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_group = new QComboBox;
    m_group->setToolTip(tr("The communication group (its label and the hash the producer names it by)"));
    m_group->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (auto* w : {static_cast<QWidget*>(new QLabel(tr("Colour"))), static_cast<QWidget*>(m_metric),
                    static_cast<QWidget*>(new QLabel(tr("step"))), static_cast<QWidget*>(m_step),
                    static_cast<QWidget*>(new QLabel(tr("group"))), static_cast<QWidget*>(m_group)})
        row->addWidget(w);
    row->addStretch(1);
    lay->addLayout(row);
    // one line per note, cut at a word with "…" and whole in its tooltip: wrapped, hta nccl_parser_config's
    // two notes took five lines of an 800 × 600 window's dock and left the matrix no room (issue 19 #1)
    m_notice = new QFrame;
    m_notice->setObjectName("commNotice");
    m_notice->setStyleSheet("QFrame#commNotice { background: #fde3b8; border: 1px solid #f5a524; }"
                            "QLabel { color: #2a1e00; background: transparent; }");
    auto* notes = new QVBoxLayout(m_notice);
    notes->setContentsMargins(4, 2, 4, 2);
    notes->setSpacing(0);
    m_notice->hide();
    lay->addWidget(m_notice);
    // above the grid, not in the caption under it: a default-height dock scrolls the caption out of sight
    m_stepLabel = new QLabel;
    m_stepLabel->setObjectName("commStepNote");
    m_stepLabel->setWordWrap(true);
    m_stepLabel->setTextFormat(Qt::PlainText);
    m_stepLabel->hide();
    lay->addWidget(m_stepLabel);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_canvas);
    scroll->setWidgetResizable(true);
    lay->addWidget(scroll, 1);
    m_caption = new QLabel;
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(m_caption);
    m_metric->setCurrentIndex(m_metric->findData(int(m_preferred)));
    m_canvas->setMetric(m_preferred);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] {
        const auto m = CommMetric(m_metric->currentData().toInt());
        m_canvas->setMetric(m);
        if ((!matrix() || !matrix()->sizeOnly()) && m != m_preferred) {
            m_preferred = m;
            Q_EMIT metricChosen(m);
        }
    });
    connect(m_step, &QComboBox::currentIndexChanged, this, [this] {
        m_stepChoice = m_step->currentIndex() > 0 ? m_step->currentData().toLongLong() : -1;
        request();
        linkFollowsStep();
    });
    connect(m_group, &QComboBox::currentIndexChanged, this, [this] {
        m_groupChoice.reset(); // the user's choice from now on
        m_groupNote.clear();
        request();
        linkLeavesWithItsGroup();
    });
    connect(m_canvas, &CommMatrixCanvas::cellClicked, this, &CommMatrixView::onCellClicked);
    if (m_state) connect(m_state, &InteractionState::selectionChanged, this, &CommMatrixView::onSelection);
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id == m_pending) setMatrix(v.value<std::shared_ptr<const query::CommMatrix>>());
            if (id == m_pendingSpans)
                if (auto s = v.value<std::shared_ptr<const query::LinkSpans>>()) showLinkSpans(*s);
        });
}

void CommMatrixView::setProfile(int run) {
    m_run = run;
    m_resolving.reset();
    m_awaitingSpans = m_keepWindow = false;
    m_ranksAwaitingScope.clear();
    m_linkNote.clear();
    m_stepNote.clear();
    m_stepChoice = -1; // another run's steps
    m_groupNote.clear();
    if (m_service) {
        query::CommMatrixRequest r;
        r.run = run;
        m_pending = m_service->requestCommMatrix(r);
    }
}

void CommMatrixView::showStep(qint64 step) {
    m_stepChoice = step;
    request();
}

void CommMatrixView::showGroup(const QString& group) {
    // a saved view's group: the box lists the run's groups only once its matrix has arrived, so the choice is
    // held and asked for until a matrix of it comes (walk 55a: a reopened view showed default_group, saved
    // on "all")
    m_groupChoice = group;
    request();
}

std::optional<QString> CommMatrixView::group() const {
    if (m_groupChoice) return m_groupChoice;
    if (m_group->count() > 0) return m_group->currentData().toString();
    return std::nullopt;
}

query::CommMatrixRequest CommMatrixView::currentRequest() const {
    query::CommMatrixRequest r;
    r.run = m_run;
    if (m_stepChoice >= 0) r.step = m_stepChoice;
    if (m_groupChoice)
        r.group = m_groupChoice->toStdString();
    else if (m_group->count() > 0)
        r.group = m_group->currentData().toString().toStdString();
    return r;
}

void CommMatrixView::request() {
    if (m_service) m_pending = m_service->requestCommMatrix(currentRequest());
}

void CommMatrixView::setPreferredMetric(CommMetric m) {
    m_preferred = m;
    if (matrix() && matrix()->sizeOnly()) return;
    m_metric->setCurrentIndex(m_metric->findData(int(m)));
    m_canvas->setMetric(m);
}

void CommMatrixView::setMetric(CommMetric m) {
    const int i = m_metric->findData(int(m));
    if (i >= 0) m_metric->setCurrentIndex(i);
}

void CommMatrixView::setMatrix(std::shared_ptr<const query::CommMatrix> m) {
    if (!m || dropsAbsentGroup(*m)) return;
    m_run = m->run;
    m_canvas->setMatrix(m);
    fillChoosers();
    if (m_state && m_state->selection().kind == Selection::Kind::CommLink &&
        (m_state->selection().group.isEmpty() || m_state->selection().group.toStdString() == m->group))
        m_canvas->setSelected(m_state->selection().linkSrc, m_state->selection().linkDst);
    else
        m_canvas->setSelected(-1, -1);
    if (m_state) m_stepNote = stepNoteFor(m_state->selection(), m_stepChoice);
    updateTexts();
    showLinkRanks();
    showGroupOfLink(); // a saved view's link may be resolved before the run's first matrix came
}

bool CommMatrixView::dropsAbsentGroup(const query::CommMatrix& m) {
    // a saved view's group this run does not list: its empty matrix was shown under a box saying "all"
    // (the box lists the run's groups only), and saved again with that group (issue 19). The run's
    // default group instead, asked for without a group (the box's entry would ask for "all"), said above
    // the grid
    if (!m_groupChoice || m.listsGroup(m_groupChoice->toStdString()) || !m_service) return false;
    const QString asked = *std::exchange(m_groupChoice, std::nullopt);
    m_groupNote = tr("The saved view's communication group %1 is not in this run: its default group is "
                     "shown.")
                      .arg(asked);
    query::CommMatrixRequest r = currentRequest();
    r.group.reset();
    m_pending = m_service->requestCommMatrix(r);
    return true;
}

void CommMatrixView::showGroupOfLink() {
    // a link is its group's, as its figures are its step's: one selected elsewhere (a finding, a saved view)
    // while the matrix showed another group stayed selected but was outlined nowhere (r53a). The group box
    // goes to its group (a request; linkLeavesWithItsGroup then keeps it: the groups agree)
    if (!m_state || m_state->selection().kind != Selection::Kind::CommLink) return;
    const QString group = m_state->selection().group;
    if (group.isEmpty() || m_group->currentData().toString() == group) return;
    if (const int i = m_group->findData(group); i >= 0) m_group->setCurrentIndex(i);
}

void CommMatrixView::fillChoosers() {
    const query::CommMatrix* m = matrix();
    QSignalBlocker bs(m_step), bg(m_group), bm(m_metric);
    m_step->clear();
    m_step->addItem(tr("all steps"), QVariant());
    for (int64_t s : m->steps) // a step of the links only is no step of the ranks that sent them: said so
                               // (its note tells why)
        m_step->addItem(std::count(m->linkOnlySteps.begin(), m->linkOnlySteps.end(), s)
                            ? tr("step %1 (links only)").arg(s)
                            : tr("step %1").arg(s),
                        qlonglong(s));
    m_step->setCurrentIndex(m->step ? std::max(0, m_step->findData(qlonglong(*m->step))) : 0);
    m_stepChoice = m->step ? *m->step : -1; // the matrix shown is the step chosen
    m_group->clear();
    // "all", as `rankscope comm --group all` asks for it (the request's group ""): every group's links
    // summed. It was offered only for several groups all of global ranks, so the CLI's figures had no
    // matrix in the app to compare with (r55c); where the groups' ranks are group-local it shows what the
    // CLI says, an empty matrix whose note asks for one group
    if (!m->groups.empty()) {
        m_group->addItem(tr("all"), QString());
        m_group->setItemData(0, tr("Every group's links summed (rankscope comm --group all)"),
                             Qt::ToolTipRole);
    }
    for (const auto& g : m->groups)
        m_group->addItem(groupLabel(g), QString::fromStdString(g.name));
    m_group->setCurrentIndex(std::max(0, m_group->findData(QString::fromStdString(m->group))));
    if (m_groupChoice && *m_groupChoice == QString::fromStdString(m->group)) m_groupChoice.reset(); // arrived
    m_group->setEnabled(m_group->count() > 1);
    m_step->setEnabled(m_step->count() > 2);
    // logical bytes have no time, hccl_raw's sizes no known unit (no bandwidth): the size colours them
    if (m->sizeOnly()) {
        m_metric->setCurrentIndex(m_metric->findData(int(CommMetric::Size)));
        m_canvas->setMetric(CommMetric::Size);
    } else {
        m_metric->setCurrentIndex(m_metric->findData(int(m_preferred)));
        m_canvas->setMetric(m_preferred);
    }
    m_metric->setEnabled(!m->sizeOnly());
}

QString CommMatrixView::noticeText() const {
    const query::CommMatrix* m = matrix();
    if (!m) return {};
    QStringList lines;
    if (!m_groupNote.isEmpty()) lines << m_groupNote;
    for (const auto& n : m->notes)
        lines << QString::fromStdString(n);
    // why there is no matrix is said once, where the grid would be (the canvas's placeholder)
    return lines.join("\n");
}

QString CommMatrixView::captionText() const {
    const query::CommMatrix* m = matrix();
    if (!m || m->cells.empty()) return m_linkNote;
    QStringList parts;
    if (m->hcclRawUnits) {
        parts << QString::fromStdString(query::hcclRawScopeText(*m)) + tr(", no slow links judged.");
    } else if (!m->logical) {
        int slow = 0;
        for (const auto& c : m->cells)
            slow += c.slow;
        parts << tr("%1 (outlined): bandwidth under %2 % of the median of its transport type and "
                    "a robust z under −%3 (MAD), judged among at least %4 links of that type.")
                     .arg(counted(slow, tr("slow link"), tr("slow links")))
                     .arg(query::kSlowRatio * 100, 0, 'f', 0)
                     .arg(query::kSlowZ, 0, 'f', 1)
                     .arg(query::kMinJudged);
        if (const int small = query::latencyBoundLinks(*m); small > 0)
            parts << tr("%1 small messages (mean under %2 per op): latency-bound, not judged (hatched).")
                         .arg(counted(small, tr("link moves"), tr("links move")))
                         .arg(QString::fromStdString(model::formatDecimalBytes(query::kLatencyBoundBytes)));
    } else {
        parts << tr(
            "Logical bytes: NCCL's bus-bandwidth convention over the group's ranks (the bytes an "
            "optimal algorithm moves per rank, spread evenly over its peers), from the collectives' args.");
    }
    if (!m_linkNote.isEmpty()) parts << m_linkNote;
    return parts.join(" ");
}

void CommMatrixView::updateTexts() {
    const QString notice = noticeText();
    const QStringList lines = notice.isEmpty() ? QStringList() : notice.split('\n');
    auto notes = m_notice->findChildren<ElidedLabel*>(Qt::FindDirectChildrenOnly);
    for (auto i = notes.size(); i < lines.size(); ++i) { // a label per line, kept for the next matrix
        auto* l = new ElidedLabel;
        l->setTextFormat(Qt::PlainText);
        m_notice->layout()->addWidget(l);
        notes << l;
    }
    for (qsizetype i = 0; i < notes.size(); ++i) {
        notes[i]->setFullText(i < lines.size() ? lines[i] : QString());
        notes[i]->setVisible(i < lines.size());
    }
    m_notice->setVisible(!lines.isEmpty());
    m_caption->setText(captionText());
    m_stepLabel->setText(m_stepNote);
    m_stepLabel->setVisible(!m_stepNote.isEmpty());
}

void CommMatrixView::onCellClicked(qint64 src, qint64 dst) {
    const query::CommMatrix* m = matrix();
    if (!m || !m_state) return;
    Selection s;
    s.kind = Selection::Kind::CommLink;
    s.linkSrc = src;
    s.linkDst = dst;
    s.group = QString::fromStdString(m->group);
    s.step = m->step ? *m->step : -1;
    s.linkSize = m->hcclRawUnits ? Selection::LinkSize::HcclRawUnits
                 : m->logical    ? Selection::LinkSize::LogicalBytes
                                 : Selection::LinkSize::Bytes;
    if (const auto* c = m->at(src, dst)) s.rank = c->reporter;
    m_state->setSelection(s); // onSelection asks for its collectives
}

void CommMatrixView::onSelection(const Selection& s) {
    updateStepNote(s);
    if (s.kind != Selection::Kind::CommLink) {
        m_canvas->setSelected(-1, -1);
        m_resolving.reset();
        m_awaitingSpans = m_keepWindow = false;
        m_ranksAwaitingScope.clear();
        // the caption's "Link 1 → 5: … outlined on the timeline" is the link's: it goes with its outline
        // (walk 13: it stayed after a stall finding replaced the slow link's)
        if (!m_linkNote.isEmpty()) {
            m_linkNote.clear();
            updateTexts();
        }
        return;
    }
    // a link's figures are its step's: the matrix shows that step (a saved view's link, a finding's)
    if (s.step != m_stepChoice && !(m_resolving && sameLink(*m_resolving, s))) showStep(s.step);
    showGroupOfLink();
    if (!matrix() || s.group.isEmpty() || s.group.toStdString() == matrix()->group)
        m_canvas->setSelected(s.linkSrc, s.linkDst);
    if (!s.spans.empty() || (m_resolving && sameLink(*m_resolving, s))) return;
    m_resolving = s;
    m_keepWindow = false;
    m_ranksAwaitingScope.clear();
    m_awaitingSpans = m_service != nullptr;
    if (m_service)
        m_pendingSpans = m_service->requestLinkSpans(
            m_run, s.step >= 0 ? std::optional<qint64>(s.step) : std::nullopt, s.group, s.linkSrc, s.linkDst);
}

void CommMatrixView::linkFollowsStep() {
    // a selected link is its step's: the matrix showing step 5 beside Details' "all steps, 40 collective
    // spans" described another link than the one outlined (issue 19). It becomes the same cell of the step
    // chosen, resolved again (its collectives outlined, its figures that step's); the window stays where
    // the user is looking, as for a saved view's link
    if (!m_state || m_state->selection().kind != Selection::Kind::CommLink ||
        m_state->selection().step == m_stepChoice)
        return;
    Selection s = m_state->selection();
    s.step = m_stepChoice;
    s.spans.clear();
    s.linkExtents.clear();
    s.startNs = s.endNs = 0;
    m_linkNote.clear();
    m_state->setSelection(s); // onSelection asks for its collectives
    keepWindowOfLink(s);
    updateTexts();
}

void CommMatrixView::linkLeavesWithItsGroup() {
    // a link is its group's: with another group chosen its cell is not drawn, and Details kept describing
    // it as the current selection (issue 19). It is deselected (Details, its outline and its track filter
    // go), and the caption says why
    if (!m_state || m_state->selection().kind != Selection::Kind::CommLink) return;
    const Selection old = m_state->selection();
    const QString group = m_group->currentData().toString();
    if (old.group.isEmpty() || old.group == group) return;
    m_state->clearSelection();
    m_linkNote = tr("Link %1 → %2 deselected: it is group %3's, and the matrix shows %4.")
                     .arg(old.linkSrc)
                     .arg(old.linkDst)
                     .arg(old.group, group.isEmpty() ? tr("every group") : tr("group %1").arg(group));
    updateTexts();
}

QString CommMatrixView::stepNoteFor(const Selection& s, qint64 shownStep) {
    if (s.kind != Selection::Kind::Step || s.step < 0 || s.step == shownStep) return {};
    return tr("The selected step %1 is not followed here: the matrix shows %2, the step chosen for it (the "
              "step box, "
              "or export's --step).")
        .arg(s.step)
        .arg(shownStep >= 0 ? tr("step %1").arg(shownStep) : tr("all steps"));
}

void CommMatrixView::updateStepNote(const Selection& s) {
    const QString note = stepNoteFor(s, m_stepChoice);
    if (note == m_stepNote) return;
    m_stepNote = note;
    updateTexts();
}

void CommMatrixView::showLinkSpans(const query::LinkSpans& spans) {
    if (!m_resolving || !m_state || !sameLink(*m_resolving, m_state->selection())) return;
    m_awaitingSpans = false;
    Selection s = m_state->selection();
    s.setLinkSpans(spans.spans, spans.trackIds);
    if (s.rank < 0 && !spans.ranks.empty()) s.rank = spans.ranks.front();
    if (spans.collectives > 0) {
        s.startNs = spans.startNs;
        s.endNs = spans.endNs;
    }
    m_linkNote = spans.collectives == 0
                     ? tr("No collective of link %1 → %2 is in the timeline's collectives.")
                           .arg(s.linkSrc)
                           .arg(s.linkDst)
                     : tr("Link %1 → %2: %3 on %4 %5%6.")
                           .arg(s.linkSrc)
                           .arg(s.linkDst)
                           .arg(counted(spans.collectives, tr("collective"), tr("collectives")))
                           .arg(spans.ranks.size() == 1 ? tr("rank") : tr("ranks"))
                           .arg([&] {
                               QStringList r;
                               for (int k : spans.ranks)
                                   r << QString::number(k);
                               return r.join(", ");
                           }())
                           .arg(drawnText(spans));
    // a saved view's link keeps the saved window: the note would name a window not shown
    const auto shown = m_keepWindow ? std::nullopt : linkWindow(spans);
    if (shown) m_linkNote += " " + shown->note;
    updateTexts();
    // both ends of a global link in view: the timeline's track filter narrowed to the two ranks — before
    // the selection, so the timeline scrolls to the link's rank in the filtered layout. Without a matrix
    // yet (a saved view's link resolves before the run's matrix arrives), once it tells the ranks' scope
    if (spans.collectives > 0) {
        m_ranksAwaitingScope = {s.linkSrc};
        if (s.linkDst != s.linkSrc) m_ranksAwaitingScope << s.linkDst;
        showLinkRanks();
    }
    m_state->setSelection(s);
    if (shown) {
        const auto [t0, t1] = windowInRun(shown->t0, shown->t1, m_state->boundsStart(), m_state->boundsEnd());
        m_state->setWindow(t0, t1);
    }
}

void CommMatrixView::showLinkRanks() {
    if (m_ranksAwaitingScope.isEmpty() || !matrix()) return;
    const QList<qint64> ranks = std::exchange(m_ranksAwaitingScope, {});
    if (matrix()->scope == "global") Q_EMIT ranksToShow(ranks);
}

void CommMatrixView::keepWindowOfLink(const Selection& link) {
    if (m_resolving && sameLink(*m_resolving, link)) m_keepWindow = true;
}

std::optional<CommMatrixView::LinkWindow> CommMatrixView::linkWindow(const query::LinkSpans& spans) {
    if (spans.collectives == 0) return std::nullopt;
    // the first drawn collective, wide enough on screen to see its outline: a window over all of them (the
    // whole run for a link used every step) draws each as a sliver nobody sees. The first, not the longest:
    // the longest is the one that waited longest for a late rank (the demo's 202 ms stall), not the link
    const query::DrawItem* first = nullptr;
    for (const auto& item : spans.spans)
        if (!first || item.startNs < first->startNs) first = &item;
    if (!first) { // nothing to outline: the collectives' extent
        const qint64 pad = std::max<qint64>((spans.endNs - spans.startNs) / 20, 1000);
        return LinkWindow{spans.startNs - pad, spans.endNs + pad, QString()};
    }
    const qint64 dur = std::max<qint64>(first->endNs - first->startNs, 1);
    // the collective takes a fifth of the window (at least 20 µs wide, so a tiny one keeps context)
    const qint64 pad = std::max<qint64>(2 * dur, (20000 - dur) / 2);
    return LinkWindow{first->startNs - pad, first->endNs + pad,
                      spans.spans.size() == 1
                          ? tr("The timeline shows it (%1).").arg(formatDuration(dur))
                          : tr("The timeline shows the first of them (%1); Back (Alt+Left) returns.")
                                .arg(formatDuration(dur))};
}

} // namespace rs::views
