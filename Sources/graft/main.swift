print("graft")
