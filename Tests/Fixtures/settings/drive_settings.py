#!/usr/bin/python3
"""One step of a person using orientd-settings, through its accessibility tree (AT-SPI), as a
screen reader or a switch device does: the settings app's tests run it once per step.

  drive_settings.py names                 every named button, switch and toggle: NAME<TAB>ROLE<TAB>STATES
  drive_settings.py press NAME            does the first action ("click", "toggle") of the
                                          first button, switch or toggle named NAME
  drive_settings.py text NAME             the text of the labels in the row titled NAME
  drive_settings.py labels                the text of every label, one a line
  drive_settings.py window                the title of the app's window, once it is shown (a
                                          quick look: the tree under it is not walked)
  drive_settings.py windows               the title of each of the app's windows, one a line
  drive_settings.py type NAME TEXT        puts TEXT in the text field named NAME, as typing does
  drive_settings.py extents NAME          where the row titled NAME is in its window,
                                          and the window's size: "X Y WIDTH HEIGHT WINDOW-WIDTH
                                          WINDOW-HEIGHT" (window coordinates)

Prints "no app" and exits 2 while orientd-settings is not on the AT-SPI bus, and "no NAME" and
exits 3 when nothing is named NAME. Needs python3-pyatspi and the session's at-spi bus.
"""

import sys

import pyatspi

APP = "orientd-settings"
CONTROLS = {"push button", "toggle button", "check box", "switch"}


def application():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == APP:
            return app
    return None


def walk(node):
    """Every object under node, depth first; one gone while it is walked (the app fills its
    list as it reads the desktop entries) is passed over."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        try:
            children = [current.getChildAtIndex(index) for index in range(current.childCount)]
        except Exception:  # pyatspi raises GLib's errors for an object that went away
            continue
        stack.extend(child for child in reversed(children) if child is not None)


def states(node):
    found = node.getState()
    words = []
    for state, word in ((pyatspi.STATE_CHECKED, "checked"), (pyatspi.STATE_PRESSED, "pressed"),
                        (pyatspi.STATE_SENSITIVE, "sensitive"), (pyatspi.STATE_SHOWING, "showing")):
        if found.contains(state):
            words.append(word)
    return ",".join(words)


def controls(app):
    return [node for node in walk(app) if node.getRoleName() in CONTROLS and node.name]


def main():
    app = application()
    if app is None:
        print("no app")
        return 2
    command = sys.argv[1]
    if command == "names":
        for node in controls(app):
            print(f"{node.name}\t{node.getRoleName()}\t{states(node)}")
        return 0
    if command == "window":
        for index in range(app.childCount):
            window = app.getChildAtIndex(index)
            if window is not None and window.getState().contains(pyatspi.STATE_SHOWING):
                print(window.name)
                return 0
        print("no window")
        return 3
    if command == "windows":
        for index in range(app.childCount):
            window = app.getChildAtIndex(index)
            if window is not None:
                print(window.name)
        return 0
    if command == "labels":
        for node in walk(app):
            if node.getRoleName() == "label":
                print(node.name)
        return 0
    name = sys.argv[2]
    if command == "press":
        for node in controls(app):
            if node.name == name:
                action = node.queryAction()
                action.doAction(0)
                print(f"pressed {name} ({action.getName(0)})")
                return 0
    elif command == "type":
        for node in walk(app):
            if node.name == name:
                for field in walk(node):
                    try:
                        editable = field.queryEditableText()
                    except NotImplementedError:
                        continue
                    editable.setTextContents(sys.argv[3])
                    print(f"typed {sys.argv[3]!r} in {name}")
                    return 0
    elif command == "extents":
        window = app.getChildAtIndex(0)
        frame = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        for node in walk(app):
            if node.getRoleName() == "list item" and node.name == name:
                box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                print(f"{box.x} {box.y} {box.width} {box.height} {frame.width} {frame.height}")
                return 0
    elif command == "text":
        for node in walk(app):
            if node.getRoleName() == "list item" and node.name == name:
                print("\n".join(label.name for label in walk(node) if label.getRoleName() == "label"))
                return 0
    print(f"no {name}")
    return 3


if __name__ == "__main__":
    sys.exit(main())
