#pragma once
// A kernel name cut to a pixel width by model::shortKernelName's rule (what `rankscope stats` prints): a
// demangled C++ signature loses its "void " and argument list, then shows its function or functor, before
// anything is cut, so "void at::native::(anonymous namespace)::CatArrayBatchedCopy<…>(…)" reads
// "CatArrayBatchedCopy<...>" rather than "void at::nati…". Only for labels: tooltips and details keep the
// whole name. GUI thread (font metrics).
#include <QFontMetrics>
#include <QString>

namespace rs::views {

/// Whether `name` is a C++ function signature ("…(args)"), the names shortKernelLabel shortens.
bool isKernelSignature(const QString& name);
/// `name` itself when it fits `widthPx`; else, for a signature, the longest shortKernelName form that fits
/// (at least its 8-byte form); any other name elided in the middle.
QString shortKernelLabel(const QString& name, const QFontMetrics& fm, int widthPx);

} // namespace rs::views
