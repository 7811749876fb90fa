#include "app/gui/statusline.h"

#include "app/gui/stepfactstext.h"
#include "core/query/wholetracestep.h"

#include "views/common/elidedlabel.h"
#include "views/common/plural.h"
#include "views/common/timemapping.h"
#include "views/common/wordelide.h"

#include <QLabel>
#include <QStatusBar>
#include <algorithm>
#include <climits>

namespace rs::gui {

using views::Selection;

StatusLine::StatusLine(QStatusBar* bar, views::InteractionState* state)
    : QObject(bar), m_bar(bar), m_state(state), m_profile(new views::ElidedLabel), m_window(new QLabel),
      m_selection(new QLabel), m_hiddenLabels(new QLabel) {
    // none of them may ask the window for its text's width: a long path or a CUDA template's name as
    // the selection widened the window past the screen; the profile's line is cut at the bar's width, the
    // selection elided, each whole in its tooltip. The profile's line ends at a word with "…": cut at the
    // bar's width it ended mid-number at 640 × 480 (walk 48)
    m_profile->setTextFormat(Qt::PlainText);
    m_baseHead = tr("No profile");
    showProfileField();
    // a permanent field, not a normal one: the bar hides its normal fields while a message shows, and
    // the message is shown here (StatusBar draws none of its own)
    bar->addPermanentWidget(m_profile, 1);
    bar->addPermanentWidget(m_hiddenLabels);
    m_hiddenLabels->hide();
    bar->addPermanentWidget(m_selection);
    bar->addPermanentWidget(m_window);
    bar->installEventFilter(this); // its width is shared out again when it changes
    connect(bar, &QStatusBar::messageChanged, this, [this](const QString& text) {
        m_barMessage = text;
        showProfileField();
    });
    connect(m_state, &views::InteractionState::windowChanged, this, &StatusLine::updateWindow);
    connect(m_state, &views::InteractionState::selectionChanged, this, [this](const Selection& s) {
        m_selectionFull = describe(s);
        fitFields();
    });
}

bool StatusLine::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_bar && (e->type() == QEvent::Resize || e->type() == QEvent::Show)) fitFields();
    return QObject::eventFilter(watched, e);
}

void StatusLine::fitFields() {
    // the window's field whole (short, and what every view shows), a message's start readable, the rest
    // for the selection first, then the hidden-labels note; unshown, the bar has no width to share yet
    const QFontMetrics fm = m_selection->fontMetrics();
    const int room = m_bar->isVisible()
                         ? m_bar->contentsRect().width() - m_window->sizeHint().width() - kMessageRoom - 40
                         : INT_MAX;
    const int hiddenWant = m_hiddenFull.isEmpty() ? 0 : fm.horizontalAdvance(m_hiddenFull) + 8;
    const int selection = std::clamp(room - hiddenWant, std::min(room / 2, kSelectionWidth), kSelectionWidth);
    m_selection->setText(fm.elidedText(m_selectionFull, Qt::ElideMiddle, std::max(0, selection)));
    m_selection->setToolTip(m_selectionFull == m_selection->text() ? QString() : m_selectionFull);
    const int hidden = room == INT_MAX ? INT_MAX : room - fm.horizontalAdvance(m_selection->text()) - 8;
    m_hiddenLabels->setText(
        m_hiddenFull.isEmpty() ? QString() : views::elideAtWord(m_hiddenFull, fm, std::max(0, hidden)));
}

void StatusLine::showProfileField() {
    if (!m_barMessage.isEmpty())
        m_profile->setFullText(m_barMessage); // its tooltip says it whole while it is elided
    else if (m_baseTail.isEmpty())
        m_profile->setFullText(m_baseHead);
    else
        m_profile->setFullText(m_baseHead, m_baseTail);
}

void StatusLine::setAligned(bool on) {
    m_aligned = on;
    updateWindow();
}

void StatusLine::setHiddenLabels(const QStringList& texts) {
    m_hiddenFull = texts.isEmpty() ? QString()
                                   : views::counted(qint64(texts.size()), tr("annotation label"),
                                                    tr("annotation labels")) +
                                         tr(" hidden (too narrow at this zoom; hover to read)");
    m_hiddenLabels->setToolTip(texts.isEmpty() ? QString() : m_hiddenFull + ":\n" + texts.join("\n"));
    m_hiddenLabels->setVisible(!texts.isEmpty());
    fitFields();
}

QString StatusLine::hiddenLabelsText() const {
    return m_hiddenFull;
}

void StatusLine::setMessage(const QString& text) {
    m_baseHead = text;
    m_baseTail.clear();
    showProfileField();
}

void StatusLine::setSummary(const QString& profile, std::shared_ptr<const query::ProfileSummary> s) {
    m_path = profile;
    m_summary = std::move(s);
    m_shownTracks = -1;
    m_filtered = false;
    updateProfile();
    updateWindow();
}

void StatusLine::setTracksShown(int shownTracks, bool filtered) {
    m_shownTracks = shownTracks;
    m_filtered = filtered;
    updateProfile();
}

QString StatusLine::tracksText() const {
    // the synthetic "device memory" lanes are no track of the index: counted apart, the tracks are what
    // `rankscope info` counts (walk 23b: 110 here, 108 there)
    const qint64 all = qint64(m_summary->tracks.size());
    const qint64 memory = std::count_if(m_summary->tracks.begin(), m_summary->tracks.end(),
                                        [](const query::TrackDesc& t) { return t.kind == "memory"; });
    const QString tracks = views::counted(all - memory, tr("track"), tr("tracks"));
    if (memory == 0)
        return m_filtered && m_shownTracks >= 0 ? tr("%1 of %2 (filtered)").arg(m_shownTracks).arg(tracks)
                                                : tracks;
    const QString both = tracks + " + " + views::counted(memory, tr("memory lane"), tr("memory lanes"));
    // the filter counts lanes, memory lanes among them
    return m_filtered && m_shownTracks >= 0
               ? tr("%1 of %2 lanes (filtered; %3)").arg(m_shownTracks).arg(all).arg(both)
               : both;
}

void StatusLine::updateProfile() {
    if (!m_summary) return;
    const QString tracks = tracksText();
    // the counts matter more than the path (its tooltip has it whole): the path is elided first
    m_baseHead = m_path;
    m_baseTail = tr(" — %1, %2, %3")
                     .arg(views::counted(qint64(m_summary->ranks.size()), tr("rank"), tr("ranks")), tracks,
                          views::formatDuration(m_summary->endNs - m_summary->startNs));
    showProfileField();
}

void StatusLine::updateWindow() {
    if (!m_summary) return;
    // offsets from the run's start, worded as an export's caption words them
    m_window->setText(tr("window %1")
                          .arg(views::formatWindow(m_state->windowStart() - m_state->boundsStart(),
                                                   m_state->windowEnd() - m_state->boundsStart())) +
                      (m_aligned ? tr(" · clocks aligned") : QString()));
    fitFields(); // the window's field is kept whole: the others take what it leaves
}

QString StatusLine::stepFacts(const Selection& s) const {
    if (!m_summary) return {};
    for (const auto& st : m_summary->steps)
        if (st.rank == s.rank && st.step == s.step)
            return " · " + stepWallShort(st) + " · " + stepWaitShort(st);
    return {};
}

QString StatusLine::describe(const Selection& s) const {
    const auto shown = [this](int key) { return m_summary ? m_summary->shownRank(key) : key; };
    switch (s.kind) {
    case Selection::Kind::Span:
        return tr("span %1").arg(s.spanId);
    case Selection::Kind::Step:
        // a rank's pseudo step 0 is its whole trace, no step (walk 28)
        if (m_summary && query::isWholeTraceStep(*m_summary, s.rank, s.step))
            return tr("rank %1 whole trace").arg(shown(s.rank)) + stepFacts(s);
        return tr("rank %1 step %2").arg(shown(s.rank)).arg(s.step) + stepFacts(s);
    case Selection::Kind::OpType:
        return tr("op %1%2").arg(s.opType, s.rank >= 0 ? tr(" on rank %1").arg(shown(s.rank)) : QString());
    case Selection::Kind::Tensor:
        return tr("tensor %1").arg(s.tensorLabel());
    case Selection::Kind::CommLink:
        return tr("link %1 → %2%3")
            .arg(s.linkSrc)
            .arg(s.linkDst)
            .arg(s.spans.empty()
                     ? QString()
                     : tr(" (%1)").arg(views::counted(qint64(s.spans.size()), tr("collective span"),
                                                      tr("collective spans"))));
    case Selection::Kind::None:
        break;
    }
    return {};
}

QString StatusLine::profileText() const {
    return m_baseHead + m_baseTail;
}

QString StatusLine::profileShown() const {
    return m_profile->text();
}

QString StatusLine::windowText() const {
    return m_window->text();
}

QString StatusLine::selectionText() const {
    return m_selection->text();
}

} // namespace rs::gui
