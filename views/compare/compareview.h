#pragma once
// The comparison of a candidate run against a baseline run: the headline naming both and the verdict
// ("baseline demo → candidate d8: FAIL, 3 regressions …"), a Swap button (swapRequested: the app
// compares the other way round), the regression list (in core's order, compare::kOrderRule; one row per
// root: an op type's or a link's two figures share it), the delta heatmap,
// the overlaid step-time distributions and memory curves, and the spans behind the chosen delta in both
// runs. Activating a regression or a heatmap cell emits opTypeChosen so the app can select that op type in
// the open run's views; a regression also
// emits spansWanted (the app reads them off the GUI thread and hands them to setSpans). The worst
// regression's spans are asked for when the data arrives. Data comes ready-made (core/compare, built off
// the GUI thread). GUI thread only.
#include "core/compare/comparisondata.h"
#include "core/compare/spanpair.h"

#include <QWidget>
#include <memory>

class QLabel;
class QPushButton;
class QScrollArea;
class QTreeWidget;
class QTreeWidgetItem;

namespace rs::views {

class DeltaGrid;
class MemoryOverlay;
class SpanPairView;
class StepOverlay;

class CompareView : public QWidget {
    Q_OBJECT
  public:
    explicit CompareView(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const compare::ComparisonData> d);
    const compare::ComparisonData* data() const { return m_data.get(); }
    std::shared_ptr<const compare::ComparisonData> sharedData() const { return m_data; }
    QTreeWidget* regressionList() const { return m_list; }
    /// The current row's whole text under the list, wrapped: a row's figures and its other figure ("…;
    /// median +30.0 % (124 µs -> 161 µs, each the median of 8 ranks)") run past a column's width in a panel
    /// of a few hundred pixels. Each row's tooltip holds the same text.
    QLabel* rowDetails() const { return m_rowText; }
    DeltaGrid* deltaGrid() const { return m_grid; }
    StepOverlay* stepOverlay() const { return m_steps; }
    MemoryOverlay* memoryOverlay() const { return m_memory; }
    SpanPairView* spanPairView() const { return m_spanPair; }
    QString verdictText() const;
    /// The scroll area of the headline: its wrapped height, in whole lines of its text, at most
    /// kVerdictShare of the panel's and kVerdictLines (at least two lines, or its first).
    QScrollArea* verdictArea() const;
    /// The headline's text lines as laid out now (the label's pixels): the area shows each whole or not.
    QList<QRect> verdictLineRects() const;
    static constexpr double kVerdictShare = 0.3;
    static constexpr int kVerdictLines = 4; ///< the headline's area at most this many lines (it scrolls)
    static constexpr int kRowTextLines = 3; ///< the current row's text: a strip of this many lines (scrolls)
    /// The strip that holds rowDetails() (hidden without a current row).
    QScrollArea* rowDetailsArea() const { return m_rowArea; }
    /// "baseline B → candidate A": the folders' names (with their parents when the names are alike,
    /// with the run numbers when both are one folder's runs).
    static QString sidesText(const compare::ComparisonData& d);
    /// The verdict as the panel's headline starts it (rich text): "<b>FAIL</b>, 3 regressions", SAME DATA
    /// when both sides are the same data, INCONCLUSIVE, PASS.
    /// "N matched ranks", or none for two workloads (the rank numbers they share are not the same ranks).
    static QString matchedText(const compare::CompareResult& r);
    static QString verdictHead(const compare::CompareResult& r);
    QPushButton* swapButton() const { return m_swap; }
    /// The spans asked for by the last spansWanted (older answers are the caller's to drop).
    void setSpans(std::shared_ptr<const compare::SpanPair> spans);
    /// What a delta's spans are: its kind, op type, seq, and its rank — for a figure over all ranks the
    /// matched rank where it moved most (op types), the drawn memory rank (memory), else the first matched.
    /// `why` (may be null) gets why that rank, for a figure over all ranks ("where it moved most").
    compare::SpanRequest spanRequestFor(const compare::Delta& d, QString* why = nullptr) const;
    /// The delta a row of the list stands for (null: a child row without one, or no data).
    const compare::Delta* deltaOf(const QTreeWidgetItem* it) const;

  Q_SIGNALS:
    void opTypeChosen(QString opType, int rank);
    /// A link's row: the link as the communication matrix names it (src → dst of `group`'s ranks), so the
    /// app goes to it as a slow-link finding does.
    void linkChosen(qint64 src, qint64 dst, QString group);
    /// A bank anomaly's row: its op type's tensors on `rank` (the producer's number), as the bank finding
    /// goes to them.
    void bankChosen(QString opType, int rank);
    void spansWanted(rs::compare::SpanRequest request);
    /// The Swap button: compare the same two runs with baseline and candidate exchanged.
    void swapRequested();

  protected:
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* o, QEvent* e) override;

  private:
    void fitVerdict(); ///< the headline's area as tall as its text, within kVerdictShare of the panel
    void fitRowText(); ///< the row text's strip: its whole lines, at most kRowTextLines
    /// The list's columns within its width (px): the change, the rank and both values at their contents'
    /// widths, the sentence elided in the rest (the ranks elided too when the rest is short).
    void fitColumns();
    static QStringList columnNames();
    /// Each column's name elided with "…" to its column's width (the header's own elide mode is not
    /// applied by Qt 6.4's styles: "Candida" was cut at 800 × 600).
    void elideColumnNames();
    enum ListColumn { kChange, kWhat, kRank, kBaseline, kCandidate };
    static QString noComparisonText();
    void askSpans(const compare::Delta& d);
    /// What a row of the list is about goes out as the signal of its kind (op types, links, banks).
    void choose(const compare::Delta& d);
    QString m_spanSubject;
    std::shared_ptr<const compare::ComparisonData> m_data;
    QLabel* m_verdict;
    QScrollArea* m_verdictArea;
    QPushButton* m_swap;
    QTreeWidget* m_list;
    QLabel* m_rowText;
    QScrollArea* m_rowArea;
    DeltaGrid* m_grid;
    StepOverlay* m_steps;
    MemoryOverlay* m_memory;
    SpanPairView* m_spanPair;
    const compare::Delta* m_shownDelta = nullptr; ///< the delta whose spans were last asked for (in m_data)
};

} // namespace rs::views

Q_DECLARE_METATYPE(rs::compare::SpanRequest)
