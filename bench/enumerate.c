/* bench-enumerate: the cost an ICD adds to every OpenCL program's start. Times
   clGetPlatformIDs + clGetDeviceIDs + clGetDeviceInfo(CL_DEVICE_NAME) for the first platform
   the loader offers, then prints that time and the process's resident memory.
   Run it through bench/enumerate.sh, which points the loader at one ICD at a time. */
#include "bench.h"

#include <string.h>

static long statusKb(const char *Field) {
  FILE *F = fopen("/proc/self/status", "r");
  char Line[256];
  long Kb = -1;
  size_t N = strlen(Field);
  while (F && fgets(Line, sizeof Line, F))
    if (strncmp(Line, Field, N) == 0 && Line[N] == ':')
      sscanf(Line + N + 1, "%ld", &Kb);
  if (F)
    fclose(F);
  return Kb;
}

int main(void) {
  double Start = nowMs();
  cl_platform_id Platform;
  cl_uint NumPlatforms = 0;
  if (clGetPlatformIDs(1, &Platform, &NumPlatforms) != CL_SUCCESS || NumPlatforms == 0) {
    fprintf(stderr, "bench-enumerate: no platform\n");
    return 1;
  }
  cl_device_id Device;
  if (clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, NULL) != CL_SUCCESS) {
    fprintf(stderr, "bench-enumerate: no device\n");
    return 1;
  }
  char Name[256];
  if (clGetDeviceInfo(Device, CL_DEVICE_NAME, sizeof Name, Name, NULL) != CL_SUCCESS)
    return 1;
  double Ms = nowMs() - Start;
  char PlatformName[128];
  clGetPlatformInfo(Platform, CL_PLATFORM_NAME, sizeof PlatformName, PlatformName, NULL);
  printf("platform=%s calls_ms=%.3f rss_kb=%ld hwm_kb=%ld\n", PlatformName, Ms,
         statusKb("VmRSS"), statusKb("VmHWM"));
  return 0;
}
