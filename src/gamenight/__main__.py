from gamenight.interfaces.cli import main

main()
