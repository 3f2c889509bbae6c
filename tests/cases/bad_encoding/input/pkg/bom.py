x = "utf-8 with a BOM, fine"
