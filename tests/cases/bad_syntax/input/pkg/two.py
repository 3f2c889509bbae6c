def f():
    return [1, 2

x = 1
