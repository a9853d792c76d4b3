/*
 * Test-only stand-in for Windows' bcryptprimitives.dll, for running pbrain-kakugo.exe under
 * Wine 8, which lacks that DLL. Rust's std (1.78 and later) imports ProcessPrng from it to seed
 * its hash maps; Windows 10 and 11 (Gomocup's platform) have it, so the exe is right as it is and
 * this file never ships: scripts/ci-windows.sh builds it into the test Wine prefix's system32
 * only. ProcessPrng is forwarded to BCryptGenRandom with the system's preferred generator, which
 * Wine 8 implements; like the real one it fills the buffer and returns TRUE.
 */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
