// Checks shared by several entry points.
#include "runtime/api/Validate.h"

#include "runtime/api/Handles.h"

namespace weft::api {

Expected<ContextProperties> parseContextProperties(const cl_context_properties *Properties) {
  ContextProperties Result;
  Result.ThePlatform = &Platform::get();
  if (!Properties)
    return Result;
  bool SeenPlatform = false, SeenInterop = false;
  for (const cl_context_properties *P = Properties; *P; P += 2) {
    cl_context_properties Name = P[0], Value = P[1];
    bool &Seen = Name == CL_CONTEXT_PLATFORM ? SeenPlatform : SeenInterop;
    if (Name != CL_CONTEXT_PLATFORM && Name != CL_CONTEXT_INTEROP_USER_SYNC)
      return Error(CL_INVALID_PROPERTY, cat("context property ", hex(Name), " is not supported"));
    // "CL_INVALID_PROPERTY if ... the same property name is specified more than once."
    if (Seen)
      return Error(CL_INVALID_PROPERTY, cat("context property ", hex(Name), " is given twice"));
    Seen = true;
    if (Name == CL_CONTEXT_PLATFORM) {
      // "CL_INVALID_PLATFORM if ... platform value specified in properties is not a valid
      // platform."
      auto Plat = toObject<Platform>(reinterpret_cast<cl_platform_id>(Value));
      if (!Plat)
        return Error(CL_INVALID_PLATFORM,
                     cat("CL_CONTEXT_PLATFORM ", hex(Value), " is not a valid platform"));
      Result.ThePlatform = *Plat;
    } else {
      if (Value != CL_TRUE && Value != CL_FALSE)
        return Error(CL_INVALID_PROPERTY,
                     cat("CL_CONTEXT_INTEROP_USER_SYNC is ", Value, ", not CL_TRUE or CL_FALSE"));
      Result.InteropUserSync = Value == CL_TRUE;
    }
  }
  const cl_context_properties *End = Properties;
  while (*End)
    End += 2;
  Result.List.assign(Properties, End + 1);
  return Result;
}

Expected<std::vector<cl_mem_properties>> memProperties(const cl_mem_properties *Properties,
                                                       const char *What) {
  std::vector<cl_mem_properties> List;
  if (Properties) {
    // "CL_INVALID_PROPERTY if a property name in properties is not a supported property name":
    // OpenCL defines no optional property for buffers or images, nor does Weft.
    if (Properties[0] != 0)
      return Error(CL_INVALID_PROPERTY,
                   cat(What, " property ", hex(Properties[0]), " is not supported"));
    List.push_back(0);
  }
  return List;
}

Status validateMemFlags(cl_mem_flags Flags, cl_mem_flags Extra) {
  constexpr cl_mem_flags Device = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  constexpr cl_mem_flags Host = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY |
                                CL_MEM_HOST_NO_ACCESS;
  constexpr cl_mem_flags HostPtr = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR |
                                   CL_MEM_COPY_HOST_PTR;
  if (cl_mem_flags Unknown = Flags & ~(Device | Host | HostPtr | Extra))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " has unknown bits ", hex(Unknown)));
  auto AtMostOne = [](cl_mem_flags F) { return (F & (F - 1)) == 0; };
  if (!AtMostOne(Flags & Device))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags),
                                       " combines CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and "
                                       "CL_MEM_READ_ONLY, which exclude each other"));
  if (!AtMostOne(Flags & Host))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags),
                                       " combines CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY "
                                       "and CL_MEM_HOST_NO_ACCESS, which exclude each other"));
  if ((Flags & CL_MEM_USE_HOST_PTR) && (Flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags),
                                       " combines CL_MEM_USE_HOST_PTR with CL_MEM_ALLOC_HOST_PTR "
                                       "or CL_MEM_COPY_HOST_PTR"));
  return Status::ok();
}

Expected<cl_mem_flags> inheritMemFlags(cl_mem_flags Flags, cl_mem_flags Parent, const char *What) {
  constexpr cl_mem_flags Access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  constexpr cl_mem_flags HostPtr =
      CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
  constexpr cl_mem_flags HostAccess =
      CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
  if (Status S = validateMemFlags(Flags); !S)
    return S.takeError();
  // "CL_MEM_ALLOC_HOST_PTR, CL_MEM_USE_HOST_PTR and CL_MEM_COPY_HOST_PTR values cannot be
  // specified in flags but are inherited."
  if (Flags & HostPtr)
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " names a host-pointer flag, which ",
                                       "is inherited from the ", What));
  // "CL_INVALID_VALUE if buffer was created with CL_MEM_WRITE_ONLY and flags specifies
  // CL_MEM_READ_WRITE or CL_MEM_READ_ONLY, or if buffer was created with CL_MEM_READ_ONLY and
  // flags specifies CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY."
  if (((Parent & CL_MEM_WRITE_ONLY) && (Flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
      ((Parent & CL_MEM_READ_ONLY) && (Flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " ask for device access the ", What,
                                       " (", hex(Parent), ") does not allow"));
  // "... CL_MEM_HOST_WRITE_ONLY and flags specify CL_MEM_HOST_READ_ONLY, or ...
  // CL_MEM_HOST_READ_ONLY and flags specify CL_MEM_HOST_WRITE_ONLY, or ... CL_MEM_HOST_NO_ACCESS
  // and flags specify CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_WRITE_ONLY."
  if (((Parent & CL_MEM_HOST_WRITE_ONLY) && (Flags & CL_MEM_HOST_READ_ONLY)) ||
      ((Parent & CL_MEM_HOST_READ_ONLY) && (Flags & CL_MEM_HOST_WRITE_ONLY)) ||
      ((Parent & CL_MEM_HOST_NO_ACCESS) &&
       (Flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
    return Error(CL_INVALID_VALUE, cat("flags ", hex(Flags), " ask for host access the ", What,
                                       " (", hex(Parent), ") does not allow"));
  cl_mem_flags Result = Flags | (Parent & HostPtr);
  if (!(Flags & Access))
    Result |= Parent & Access;
  if (!(Flags & HostAccess))
    Result |= Parent & HostAccess;
  return Result;
}

Status checkHostAccess(const MemObject &M, bool Read, bool Write) {
  const char *Kind = M.image() ? "image" : "buffer";
  if (Read && (M.flags() & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
    return Error(CL_INVALID_OPERATION,
                 cat("the ", Kind, " was created with CL_MEM_HOST_WRITE_ONLY or "
                     "CL_MEM_HOST_NO_ACCESS, so the host may not read it"));
  if (Write && (M.flags() & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
    return Error(CL_INVALID_OPERATION,
                 cat("the ", Kind, " was created with CL_MEM_HOST_READ_ONLY or "
                     "CL_MEM_HOST_NO_ACCESS, so the host may not write it"));
  return Status::ok();
}

Status checkMapFlags(cl_map_flags Flags) {
  constexpr cl_map_flags Known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if ((Flags & ~Known) ||
      ((Flags & CL_MAP_WRITE_INVALIDATE_REGION) && (Flags & (CL_MAP_READ | CL_MAP_WRITE))))
    return Error(CL_INVALID_VALUE, cat("map_flags ", hex(Flags), " is not valid"));
  return Status::ok();
}

Expected<std::vector<Event *>> checkWaitList(Context &C, cl_uint NumEvents,
                                             const cl_event *List) {
  // "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0, or
  // event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in
  // event_wait_list are not valid events."
  if (!List && NumEvents > 0)
    return Error(CL_INVALID_EVENT_WAIT_LIST,
                 cat("event_wait_list is NULL but num_events_in_wait_list is ", NumEvents));
  if (List && NumEvents == 0)
    return Error(CL_INVALID_EVENT_WAIT_LIST,
                 "event_wait_list is not NULL but num_events_in_wait_list is 0");
  std::vector<Event *> Events;
  Events.reserve(NumEvents);
  for (cl_uint I = 0; I < NumEvents; ++I) {
    auto E = toObject<Event>(List[I]);
    if (!E)
      return Error(CL_INVALID_EVENT_WAIT_LIST,
                   cat("event_wait_list[", I, "]: ", E.error().reason()));
    // "CL_INVALID_CONTEXT if the context associated with command_queue and events in
    // event_wait_list are not the same."
    if (&(*E)->context() != &C)
      return Error(CL_INVALID_CONTEXT,
                   cat("event_wait_list[", I, "] belongs to another context"));
    Events.push_back(*E);
  }
  return Events;
}

Status checkNoFailedEvent(const std::vector<Event *> &WaitList) {
  for (size_t I = 0; I < WaitList.size(); ++I)
    if (cl_int S = WaitList[I]->status(); S < 0)
      return Error(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                   cat("event_wait_list[", I, "] failed with status ", S));
  return Status::ok();
}

Status checkRegion(const size_t *Region) {
  if (!Region)
    return Error(CL_INVALID_VALUE, "region is NULL");
  if (Region[0] == 0 || Region[1] == 0 || Region[2] == 0)
    return Error(CL_INVALID_VALUE, cat("region {", Region[0], ", ", Region[1], ", ", Region[2],
                                       "} has a zero element"));
  return Status::ok();
}

Expected<Rect> checkRect(const char *What, const size_t *Origin, const size_t *Region,
                         size_t RowPitch, size_t SlicePitch, size_t Limit) {
  if (!Origin)
    return Error(CL_INVALID_VALUE, cat(What, "_origin is NULL"));
  if (RowPitch == 0)
    RowPitch = Region[0];
  else if (RowPitch < Region[0])
    return Error(CL_INVALID_VALUE,
                 cat(What, "_row_pitch ", RowPitch, " is less than region[0] ", Region[0]));
  if (SlicePitch == 0)
    SlicePitch = Region[1] * RowPitch;
  else if (SlicePitch < Region[1] * RowPitch && SlicePitch % RowPitch != 0)
    return Error(CL_INVALID_VALUE,
                 cat(What, "_slice_pitch ", SlicePitch, " is less than region[1] * row pitch ",
                     Region[1] * RowPitch, " and not a multiple of the row pitch ", RowPitch));
  // Overflow-safe: every product is checked against the address space before it is used.
  constexpr size_t Max = ~size_t(0);
  auto MulOk = [](size_t A, size_t B) { return B == 0 || A <= Max / B; };
  if (!MulOk(Origin[2], SlicePitch) || !MulOk(Origin[1], RowPitch) ||
      !MulOk(Region[2] - 1, SlicePitch) || !MulOk(Region[1] - 1, RowPitch))
    return Error(CL_INVALID_VALUE, cat(What, " rect does not fit in the address space"));
  Rect R{Origin[2] * SlicePitch + Origin[1] * RowPitch + Origin[0], RowPitch, SlicePitch, 0};
  R.End = R.Offset + (Region[2] - 1) * SlicePitch + (Region[1] - 1) * RowPitch + Region[0];
  if (R.End < R.Offset)
    return Error(CL_INVALID_VALUE, cat(What, " rect does not fit in the address space"));
  if (Limit && R.End > Limit)
    return Error(CL_INVALID_VALUE, cat(What, " rect ends at byte ", R.End, ", past the ", Limit,
                                       " bytes of the buffer"));
  return R;
}

bool copyOverlaps(const MemObject &Src, size_t SrcOffset, const MemObject &Dst, size_t DstOffset,
                  size_t Size) {
  if (&Src.root() != &Dst.root())
    return false;
  size_t A = Src.origin() + SrcOffset, B = Dst.origin() + DstOffset;
  return A < B + Size && B < A + Size;
}

namespace {

/// The rows of a rect in address order: Count rows of region[0] bytes; row I starts at
/// Offset + (I / PerSlice) * SlicePitch + (I % PerSlice) * RowPitch.
struct Rows {
  size_t Offset, RowPitch, SlicePitch, PerSlice, Count;

  Rows(const Rect &R, const std::array<size_t, 3> &Region)
      : Offset(R.Offset), RowPitch(R.RowPitch), SlicePitch(R.SlicePitch), PerSlice(Region[1]),
        Count(Region[1] * Region[2]) {
    if (Region[2] > 1 && SlicePitch < Region[1] * RowPitch) {
      // Slices that overlap one another: checkRect let the slice pitch through only as a
      // multiple of the row pitch, so the rows touched are consecutive rows of one tall slice.
      PerSlice = Count = (Region[2] - 1) * (SlicePitch / RowPitch) + Region[1];
      SlicePitch = 0;
    }
  }
  size_t at(size_t I) const { return Offset + I / PerSlice * SlicePitch + I % PerSlice * RowPitch; }
};

} // namespace

bool rectsOverlap(const Rect &A, const Rect &B, const std::array<size_t, 3> &Region) {
  if (A.End <= B.Offset || B.End <= A.Offset)
    return false;
  // Both rects' rows are sorted and disjoint: walk them together, as a merge does, until two
  // meet. At most one step per row, and a copy touches at least one byte per row.
  const Rows RA(A, Region), RB(B, Region);
  const size_t Length = Region[0];
  for (size_t I = 0, J = 0; I < RA.Count && J < RB.Count;) {
    size_t X = RA.at(I), Y = RB.at(J);
    if (X + Length <= Y)
      ++I;
    else if (Y + Length <= X)
      ++J;
    else
      return true;
  }
  return false;
}

Status checkFillPattern(const void *Pattern, size_t PatternSize, uint64_t Offset, size_t Size) {
  if (!Pattern)
    return Error(CL_INVALID_VALUE, "pattern is NULL");
  if (PatternSize == 0 || PatternSize > 128 || (PatternSize & (PatternSize - 1)))
    return Error(CL_INVALID_VALUE,
                 cat("pattern_size ", PatternSize, " is not one of 1, 2, 4, 8, 16, 32, 64, 128"));
  if (Offset % PatternSize || Size % PatternSize)
    return Error(CL_INVALID_VALUE, cat("the offset (", Offset, ") or size ", Size,
                                       " is not a multiple of pattern_size ", PatternSize));
  return Status::ok();
}

} // namespace weft::api
