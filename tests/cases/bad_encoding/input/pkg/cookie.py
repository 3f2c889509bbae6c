# -*- coding: nonsense-42 -*-
x = 1
