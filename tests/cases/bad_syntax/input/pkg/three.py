def g():
	if True:
        pass
