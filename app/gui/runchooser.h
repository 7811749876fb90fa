#pragma once
// The toolbar's run chooser: a folder may hold several runs (different jobs or sessions) and the views
// show one at a time, never comparing across them. One entry per run — its number, source, the ranks the
// producer wrote, the world size, and its start as a UTC date where the clock is a wall clock (a
// profiler's own clock, before 2000, shows the run's length instead). Choosing another run emits
// runChosen; the window asks the query service for it. Also the words for File ▸ Compare with run and
// the banner above the timeline. GUI thread only.
#include "core/query/queryservice.h"

#include <QComboBox>
#include <memory>

namespace rs::gui {

class RunChooser : public QComboBox {
    Q_OBJECT
  public:
    explicit RunChooser(QWidget* parent = nullptr);
    /// Fills the entries from the summary's runs; the run shown is current. No signal.
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// The entry's words for a run.
    static QString label(const query::RunDesc& r);
    /// The runs not shown, with their labels (File ▸ Compare with run).
    std::vector<std::pair<int, QString>> otherRuns() const;
    /// The banner's words when the folder holds several runs, else empty.
    QString notice() const;
    bool severalRuns() const { return count() > 1; }
    /// The run shown, for the window's title when the folder holds several ("run 1 in b"), else empty:
    /// the title named only the folder, the same for every run (r47c #2).
    QString shownRun() const;

  Q_SIGNALS:
    /// The user chose run `run` (not the one shown).
    void runChosen(int run);

  private:
    std::shared_ptr<const query::ProfileSummary> m_summary;
};

} // namespace rs::gui
