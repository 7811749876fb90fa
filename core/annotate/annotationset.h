#pragma once
// The annotations of one profile, as stored in their own JSON file beside the index (annotationsPath):
// `<profile>/.rankscope/annotations.json` for an index in the profile, `<cache>/<key>.annotations.json`
// for one in the cache dir. A re-index never touches the file, and it can be shared with the profile.
// Saved atomically (temp file + rename), so a crash never leaves half a file. Not thread-safe: one
// owner (the GUI's AnnotationModel, or a command).
#include "core/annotate/annotation.h"

#include <string>
#include <vector>

namespace rs::annotate {

/// 2: lanes are (rank, lane) pairs. A set without such a lane is still written as format 1, which older
/// builds read; format 1's bare lane names are read as lanes without a rank (annotation.h's LaneRef).
constexpr int kAnnotationsFormat = 2;

/// The annotation file that belongs to the index at `dbPath`.
std::string annotationsPath(const std::string& dbPath);

class AnnotationSet {
  public:
    /// Reads `path`; a missing file is an empty set. A damaged file is an error (naming the file and the
    /// byte or entry) and leaves the set empty: it is never overwritten silently by a later save.
    bool load(const std::string& path, std::string& error);
    bool save(const std::string& path, std::string& error) const;

    const std::vector<Annotation>& items() const { return m_items; }
    const Annotation* find(const std::string& id) const;
    /// Gives `a` the next id (when it has none) and stamps its creation time; returns the id.
    std::string add(Annotation a);
    /// Puts back an annotation that was removed (undo), at its old position when possible.
    void insert(const Annotation& a, size_t position);
    bool replace(const Annotation& a);
    /// Removes by id; returns the removed annotation's position, or -1.
    int remove(const std::string& id);
    bool empty() const { return m_items.empty(); }
    size_t size() const { return m_items.size(); }

  private:
    std::vector<Annotation> m_items;
    int m_nextId = 1;
};

/// Now, UTC, ISO 8601 ("2026-12-01T14:32:47Z").
std::string utcNow();
/// The user's name for the author stamp ($RANKSCOPE_AUTHOR, $USER, $LOGNAME, else the account the process
/// runs as, else "unknown").
std::string currentAuthor();

} // namespace rs::annotate
