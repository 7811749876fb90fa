#include "app/gui/statusline.h"

#include "app/gui/stepfactstext.h"
#include "core/query/wholetracestep.h"

#include "views/common/elidedlabel.h"
#include "views/common/plural.h"
#include "views/common/timemapping.h"

#include <QLabel>
#include <QStatusBar>
#include <algorithm>

namespace rs::gui {

using views::Selection;

StatusLine::StatusLine(QStatusBar* bar, views::InteractionState* state)
    : QObject(bar), m_state(state), m_profile(new views::ElidedLabel), m_window(new QLabel),
      m_selection(new QLabel), m_hiddenLabels(new QLabel) {
    // none of them may ask the window for its text's width: a long path or a CUDA template's name as
    // the selection widened the window past the screen; the profile's line is cut at the bar's width, the
    // selection elided, each whole in its tooltip. The profile's line ends at a word with "…": cut at the
    // bar's width it ended mid-number at 640 × 480 (walk 48)
    m_profile->setTextFormat(Qt::PlainText);
    m_profile->setFullText(tr("No profile"));
    bar->addWidget(m_profile, 1);
    bar->addPermanentWidget(m_hiddenLabels);
    m_hiddenLabels->hide();
    bar->addPermanentWidget(m_selection);
    bar->addPermanentWidget(m_window);
    connect(m_state, &views::InteractionState::windowChanged, this, &StatusLine::updateWindow);
    connect(m_state, &views::InteractionState::selectionChanged, this, [this](const Selection& s) {
        const QString text = describe(s);
        m_selection->setText(m_selection->fontMetrics().elidedText(text, Qt::ElideMiddle, kSelectionWidth));
        m_selection->setToolTip(text == m_selection->text() ? QString() : text);
    });
}

void StatusLine::setHiddenLabels(const QStringList& texts) {
    m_hiddenLabels->setText(texts.isEmpty() ? QString()
                                            : views::counted(qint64(texts.size()), tr("annotation label"),
                                                             tr("annotation labels")) +
                                                  tr(" hidden (too narrow at this zoom; hover to read)"));
    m_hiddenLabels->setToolTip(texts.join("\n"));
    m_hiddenLabels->setVisible(!texts.isEmpty());
}

QString StatusLine::hiddenLabelsText() const {
    return m_hiddenLabels->text();
}

void StatusLine::setMessage(const QString& text) {
    m_profile->setFullText(text); // its tooltip says it whole while it is elided
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
    m_profile->setFullText(m_path,
                           tr(" — %1, %2, %3")
                               .arg(views::counted(qint64(m_summary->ranks.size()), tr("rank"), tr("ranks")),
                                    tracks, views::formatDuration(m_summary->endNs - m_summary->startNs)));
}

void StatusLine::updateWindow() {
    if (!m_summary) return;
    // offsets from the run's start, worded as an export's caption words them
    m_window->setText(tr("window %1")
                          .arg(views::formatWindow(m_state->windowStart() - m_state->boundsStart(),
                                                   m_state->windowEnd() - m_state->boundsStart())));
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
    return m_profile->fullText();
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
