// Checks shared by several entry points: property lists, memory flags, wait lists, rect regions
// and overlaps, fill patterns.
#pragma once

#include "runtime/core/Error.h"

#include <CL/cl.h>

#include <vector>

#include <array>

namespace weft {
class Context;
class Event;
class MemObject;
class Platform;
} // namespace weft

namespace weft::api {

struct ContextProperties {
  Platform *ThePlatform = nullptr; ///< CL_CONTEXT_PLATFORM, or Weft's platform if absent
  bool InteropUserSync = false;    ///< CL_CONTEXT_INTEROP_USER_SYNC
  std::vector<cl_context_properties> List; ///< as given, with the terminating 0; empty if NULL
};

/// Parses a context property list: CL_INVALID_PLATFORM for a bad platform, CL_INVALID_PROPERTY
/// for an unknown name, a bad value, or a name given twice.
Expected<ContextProperties> parseContextProperties(const cl_context_properties *Properties);

/// A memory object's property list (clCreateBufferWithProperties, clCreateImageWithProperties):
/// Weft supports none, so it is empty or just its terminating 0, kept as given for
/// CL_MEM_PROPERTIES; What names the object in the error ("buffer", "image").
Expected<std::vector<cl_mem_properties>> memProperties(const cl_mem_properties *Properties,
                                                       const char *What);

/// Checks a cl_mem_flags value: only known bits, at most one device-access flag (READ_WRITE,
/// WRITE_ONLY, READ_ONLY), at most one host-access flag, and USE_HOST_PTR not combined with
/// ALLOC_HOST_PTR or COPY_HOST_PTR. Extra lists bits allowed beyond the buffer ones (e.g.
/// CL_MEM_KERNEL_READ_AND_WRITE for images). CL_INVALID_VALUE otherwise.
Status validateMemFlags(cl_mem_flags Flags, cl_mem_flags Extra = 0);

/// The flags of a memory object made from another (a sub-buffer, or an image from a buffer or an
/// image), whose flags are Parent: Flags, with the device access, host access and host-pointer
/// flags it does not give inherited. CL_INVALID_VALUE if Flags are not valid, name a
/// host-pointer flag, or ask for device or host access Parent does not allow. What names the
/// parent ("buffer", "mem_object") in messages.
Expected<cl_mem_flags> inheritMemFlags(cl_mem_flags Flags, cl_mem_flags Parent, const char *What);

/// CL_INVALID_OPERATION if M's host-access flags forbid the host to read it (Read) or write it
/// (Write): clEnqueueRead*, clEnqueueWrite* and clEnqueueMap*'s check.
Status checkHostAccess(const MemObject &M, bool Read, bool Write);

/// clEnqueueMapBuffer's and clEnqueueMapImage's map_flags check: CL_INVALID_VALUE for unknown
/// bits or CL_MAP_WRITE_INVALIDATE_REGION with CL_MAP_READ or CL_MAP_WRITE.
Status checkMapFlags(cl_map_flags Flags);

/// Checks an event wait list: CL_INVALID_EVENT_WAIT_LIST if the list and its count disagree or
/// an entry is not a valid event; CL_INVALID_CONTEXT if an event belongs to another context.
Expected<std::vector<Event *>> checkWaitList(Context &C, cl_uint NumEvents, const cl_event *List);

/// For blocking commands: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if an event in the list has
/// already failed.
Status checkNoFailedEvent(const std::vector<Event *> &WaitList);

/// A rectangle in a buffer or host memory, with its default pitches resolved.
struct Rect {
  size_t Offset;     ///< byte offset of the origin
  size_t RowPitch;   ///< bytes between rows
  size_t SlicePitch; ///< bytes between slices
  size_t End;        ///< one past the last byte touched
};

/// Resolves and checks a rect's pitches ("row_pitch is 0 or >= region[0]", "slice_pitch is 0 or
/// >= region[1] * row_pitch or a multiple of row_pitch") and, if Limit is non-zero, that it lies
/// within Limit bytes. Region must already be checked non-zero. CL_INVALID_VALUE otherwise; What
/// names the side ("buffer", "host", "src", "dst") in the message.
Expected<Rect> checkRect(const char *What, const size_t *Origin, const size_t *Region,
                         size_t RowPitch, size_t SlicePitch, size_t Limit);

/// CL_INVALID_VALUE unless region[0..2] are all non-zero (and Region is not NULL).
Status checkRegion(const size_t *Region);

/// clEnqueueFillBuffer's and clEnqueueSVMMemFill's pattern checks: "CL_INVALID_VALUE if pattern
/// is NULL or if pattern_size is 0 or if pattern_size is not one of {1, 2, 4, 8, 16, 32, 64,
/// 128}", and if Offset (of the buffer, or the SVM pointer's address) or Size is not a multiple of
/// pattern_size.
Status checkFillPattern(const void *Pattern, size_t PatternSize, uint64_t Offset, size_t Size);

/// Whether [SrcOffset, +Size) and [DstOffset, +Size) of two buffers overlap in memory (the same
/// buffer, or sub-buffers of one buffer).
bool copyOverlaps(const MemObject &Src, size_t SrcOffset, const MemObject &Dst, size_t DstOffset,
                  size_t Size);

/// Whether two rects of Region share a byte, both given (by checkRect) in one buffer's
/// coordinates. Exact, for any pitches: the OpenCL specification's appendix
/// ("check_copy_overlap") gives one algorithm for equal pitches, which this replaces.
bool rectsOverlap(const Rect &A, const Rect &B, const std::array<size_t, 3> &Region);

} // namespace weft::api
