// Object: handle checks by type, API and internal reference counts, Ref ownership.
#include "runtime/core/Object.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

struct Probe : Object {
  explicit Probe(bool &Destroyed) : Object(ObjectType::Event), Destroyed(Destroyed) {}
  ~Probe() override { Destroyed = true; }
  bool &Destroyed;
};

TEST(Object, HandleConversionChecksTypeAndLiveness) {
  bool Destroyed = false;
  auto *P = new Probe(Destroyed);
  void *H = P->handle();
  EXPECT_EQ(*static_cast<const void *const *>(H), icdDispatchTable()) << "dispatch must be first";
  EXPECT_EQ(Object::fromHandle(H, ObjectType::Event), P);
  EXPECT_EQ(Object::fromHandle(H, ObjectType::Context), nullptr);
  EXPECT_EQ(Object::fromHandle(nullptr, ObjectType::Event), nullptr);
  P->retain(); // an internal owner keeps it alive past the API's last release
  P->releaseApi();
  EXPECT_FALSE(Destroyed);
  EXPECT_EQ(Object::fromHandle(H, ObjectType::Event), nullptr) << "released handles are invalid";
  P->release();
  EXPECT_TRUE(Destroyed);
}

TEST(Object, ApiCountsAreSeparateFromInternalOnes) {
  bool Destroyed = false;
  auto *P = new Probe(Destroyed);
  P->retainApi();
  EXPECT_EQ(P->apiRefCount(), 2u);
  {
    Ref<Probe> Internal(P);
    EXPECT_EQ(P->apiRefCount(), 2u);
    P->releaseApi();
    P->releaseApi();
    EXPECT_FALSE(Destroyed);
    Ref<Probe> Moved = std::move(Internal);
    EXPECT_FALSE(bool(Internal));
  }
  EXPECT_TRUE(Destroyed);
}

} // namespace
} // namespace weft
