#!/bin/sh
echo "zoo"
