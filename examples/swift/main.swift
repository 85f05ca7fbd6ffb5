print("orientation-example: being written")
