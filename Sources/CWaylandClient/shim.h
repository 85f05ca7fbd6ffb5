// libwayland-client: the Wayland connection, proxies and event queue.
#include <wayland-client.h>
