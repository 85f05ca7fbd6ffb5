// The plugin's listener rule for KWin's auto-rotate policy values, here rather than in the
// plugin so orientd's tests can check it without opening the plugin.
#include "orientd_wayland.h"

int orientd_wl_take_auto_rotate_policy(int32_t *kept, uint32_t sent) {
    if (sent > ORIENTD_WL_AUTO_ROTATE_ALWAYS) return -1;
    *kept = (int32_t)sent;
    return 0;
}
